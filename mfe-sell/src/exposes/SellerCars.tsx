/** Exposed as `sell/SellerCars` (route `/sold`). */
import '../app/styles.css';
import type { RemoteScreen } from '@marketplace/ui';
import { SellerCarsScreen } from '../features/seller-cars/SellerCarsScreen';

const SellerCars: RemoteScreen = SellerCarsScreen;
export default SellerCars;
