/** Exposed as `account/Settings` (route `/pages/settings`). */
import '../app/styles.css';
import type { RemoteScreen } from '@marketplace/ui';
import { SettingsScreen } from '../features/settings/SettingsScreen';

const Settings: RemoteScreen = SettingsScreen;
export default Settings;
