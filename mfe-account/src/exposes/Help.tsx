/** Exposed as `account/Help`. */
import '../app/styles.css';
import type { RemoteScreen } from '@marketplace/ui';
import { HelpScreen } from '../features/help/HelpScreen';

const Help: RemoteScreen = HelpScreen;
export default Help;
