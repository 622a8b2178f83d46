/** Build of mfe-admin: the /dashboard/* layout and screens (ARCHITECTURE.md). */
import { frontEndConfig } from '@marketplace/ui/build';

export default frontEndConfig({
  dir: import.meta.dirname,
  name: 'admin',
  exposes: { './Dashboard': './src/exposes/Dashboard.tsx' },
});
