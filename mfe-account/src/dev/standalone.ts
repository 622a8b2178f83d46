/**
 * mfe-account's screens at the shell's routes (shell/src/app/routes.tsx) in the stand-in shell of
 * `@marketplace/ui/dev` (dev only; see main.ts), with its own login dialog and test-drive modal answering
 * the shared stores as the shell's hosts do.
 */
import { screen, startStandalone } from '@marketplace/ui/dev';

startStandalone({
  name: 'account',
  screens: [
    screen({
      id: 'account/Profile',
      path: '/profile',
      label: 'your profile',
      load: () => import('../exposes/Profile'),
    }),
    screen({
      id: 'account/Appointments',
      path: '/appointment',
      label: 'your test drives',
      load: () => import('../exposes/Appointments'),
    }),
    screen({
      id: 'account/Purchases',
      path: '/purchases',
      label: 'your purchases',
      load: () => import('../exposes/Purchases'),
    }),
    screen({
      id: 'account/Help',
      path: '/help',
      label: 'help and support',
      load: () => import('../exposes/Help'),
    }),
    screen({
      id: 'account/Settings',
      path: '/pages/settings',
      label: 'your settings',
      load: () => import('../exposes/Settings'),
    }),
    screen({
      id: 'account/Unsubscribe',
      path: '/unsubscribe',
      label: 'the unsubscribe page',
      load: () => import('../exposes/Unsubscribe'),
    }),
  ],
  loginDialog: () => import('../exposes/LoginDialog'),
  testDriveModal: () => import('../exposes/TestDriveModal'),
});
