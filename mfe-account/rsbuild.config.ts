/** Build of mfe-account: sign-in dialogs, profile and test-drive appointments (docs/architecture.md). */
import { frontEndConfig } from '@marketplace/ui/build';

export default frontEndConfig({
  dir: import.meta.dirname,
  name: 'account',
  exposes: {
    './LoginDialog': './src/exposes/LoginDialog.tsx',
    './Profile': './src/exposes/Profile.tsx',
    './Appointments': './src/exposes/Appointments.tsx',
    './TestDriveModal': './src/exposes/TestDriveModal.tsx',
    './Purchases': './src/exposes/Purchases.tsx',
    './Help': './src/exposes/Help.tsx',
    './Settings': './src/exposes/Settings.tsx',
    './Unsubscribe': './src/exposes/Unsubscribe.tsx',
  },
});
