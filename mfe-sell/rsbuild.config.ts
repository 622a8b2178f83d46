/** Build of mfe-sell: the sell-a-car wizard and the seller's cars (docs/architecture.md). */
import { frontEndConfig } from '@marketplace/ui/build';

export default frontEndConfig({
  dir: import.meta.dirname,
  name: 'sell',
  exposes: { './SellWizard': './src/exposes/SellWizard.tsx', './SellerCars': './src/exposes/SellerCars.tsx' },
});
