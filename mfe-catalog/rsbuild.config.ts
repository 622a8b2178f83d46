/** Build of mfe-catalog: home, car listing, car details, the comparison and the static pages (docs/architecture.md). */
import { frontEndConfig } from '@marketplace/ui/build';

export default frontEndConfig({
  dir: import.meta.dirname,
  name: 'catalog',
  exposes: {
    './Home': './src/exposes/Home.tsx',
    './CarList': './src/exposes/CarList.tsx',
    './CarDetails': './src/exposes/CarDetails.tsx',
    './StaticPage': './src/exposes/StaticPage.tsx',
    './Compare': './src/exposes/Compare.tsx',
  },
});
