/** Exposed as `account/Purchases`. */
import '../app/styles.css';
import type { RemoteScreen } from '@marketplace/ui';
import { PurchasesScreen } from '../features/purchases/PurchasesScreen';

const Purchases: RemoteScreen = PurchasesScreen;
export default Purchases;
