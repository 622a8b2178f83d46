/** Build of mfe-admin: the /dashboard/* layout and screens (docs/architecture.md). */
import { frontEndConfig } from '@marketplace/ui/build';

export default frontEndConfig({
  dir: import.meta.dirname,
  name: 'admin',
  exposes: { './Dashboard': './src/exposes/Dashboard.tsx' },
});
