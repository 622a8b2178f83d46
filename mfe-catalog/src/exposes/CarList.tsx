/** Exposed as `catalog/CarList` (route `/buy-a-car`). */
import '../app/styles.css';
import type { RemoteScreen } from '@marketplace/ui';
import { CarListScreen } from '../features/listing/CarListScreen';

const CarList: RemoteScreen = CarListScreen;
export default CarList;
