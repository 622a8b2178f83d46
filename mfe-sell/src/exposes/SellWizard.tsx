/** Exposed as `sell/SellWizard` (route `/sell-a-car`). */
import '../app/styles.css';
import type { RemoteScreen } from '@marketplace/ui';
import { SellWizardScreen } from '../features/wizard/SellWizardScreen';

const SellWizard: RemoteScreen = SellWizardScreen;
export default SellWizard;
