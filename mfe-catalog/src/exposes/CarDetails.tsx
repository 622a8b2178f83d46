/** Exposed as `catalog/CarDetails` (route `/car-details/:carId`). */
import '../app/styles.css';
import type { RemoteScreen } from '@marketplace/ui';
import { CarDetailsScreen } from '../features/car-details/CarDetailsScreen';

const CarDetails: RemoteScreen = CarDetailsScreen;
export default CarDetails;
