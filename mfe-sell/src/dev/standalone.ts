/**
 * mfe-sell's screens at the shell's routes (shell/src/app/routes.tsx) in the stand-in shell of
 * `@marketplace/ui/dev` (dev only; see main.ts). Both need a signed-in user: sign in from the stand-in's
 * header (the gateway at API_URL, through this dev server's /api proxy).
 */
import { screen, startStandalone } from '@marketplace/ui/dev';

startStandalone({
  name: 'sell',
  screens: [
    screen({
      id: 'sell/SellWizard',
      path: '/sell-a-car',
      label: 'the sell-a-car wizard',
      load: () => import('../exposes/SellWizard'),
    }),
    screen({
      id: 'sell/SellerCars',
      path: '/sold',
      label: 'your listings',
      load: () => import('../exposes/SellerCars'),
    }),
  ],
});
