/**
 * mfe-admin's dashboard at the shell's route (`/dashboard/*`, with `basePath: '/dashboard'`, as
 * shell/src/app/routes.tsx) in the stand-in shell of `@marketplace/ui/dev` (dev only; see main.ts). Sign in
 * as an Admin from the stand-in's header (the gateway at API_URL, through this dev server's /api proxy).
 */
import { screen, startStandalone } from '@marketplace/ui/dev';

startStandalone({
  name: 'admin',
  screens: [
    screen({
      id: 'admin/Dashboard',
      path: '/dashboard/*',
      label: 'the dashboard',
      props: { basePath: '/dashboard' },
      load: () => import('../exposes/Dashboard'),
    }),
  ],
});
