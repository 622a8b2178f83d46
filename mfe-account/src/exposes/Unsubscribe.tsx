/** Exposed as `account/Unsubscribe` (route `/unsubscribe?token=…`, issue 24). */
import '../app/styles.css';
import type { RemoteScreen } from '@marketplace/ui';
import { UnsubscribeScreen } from '../features/unsubscribe/UnsubscribeScreen';

const Unsubscribe: RemoteScreen = UnsubscribeScreen;
export default Unsubscribe;
