/** Build of the shell (host). Remotes are not named here: their URLs come from the runtime manifest. */
import { PRODUCT_NAME } from '@marketplace/contracts/vocabulary';
import { frontEndConfig } from '@marketplace/ui/build';

export default frontEndConfig({
  dir: import.meta.dirname,
  name: 'shell',
  title: `${PRODUCT_NAME} — Used cars across India`,
});
