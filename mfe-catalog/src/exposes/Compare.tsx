/** Exposed as `catalog/Compare` (route `/compare?ids=…`, issue 24). */
import '../app/styles.css';
import type { RemoteScreen } from '@marketplace/ui';
import { CompareScreen } from '../features/compare/CompareScreen';

const Compare: RemoteScreen = CompareScreen;
export default Compare;
