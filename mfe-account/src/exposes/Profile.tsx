/** Exposed as `account/Profile` (route `/profile`). */
import '../app/styles.css';
import type { RemoteScreen } from '@marketplace/ui';
import { ProfileScreen } from '../features/profile/ProfileScreen';

const Profile: RemoteScreen = ProfileScreen;
export default Profile;
