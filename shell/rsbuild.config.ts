/** Build of the shell (host). Remotes are not named here: their URLs come from the runtime manifest. */
import { frontEndConfig } from '@marketplace/ui/build';

export default frontEndConfig({
  dir: import.meta.dirname,
  name: 'shell',
  title: 'CarBazaar — Used cars across India',
});
