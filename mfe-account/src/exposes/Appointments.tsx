/** Exposed as `account/Appointments` (route `/appointment`). */
import '../app/styles.css';
import type { RemoteScreen } from '@marketplace/ui';
import { AppointmentsScreen } from '../features/appointments/AppointmentsScreen';

const Appointments: RemoteScreen = AppointmentsScreen;
export default Appointments;
