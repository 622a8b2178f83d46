/** Exposed as `catalog/Home` (route `/`). */
import '../app/styles.css';
import type { RemoteScreen } from '@marketplace/ui';
import { HomeScreen } from '../features/home/HomeScreen';

const Home: RemoteScreen = HomeScreen;
export default Home;
