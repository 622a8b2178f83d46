/**
 * mfe-catalog's screens at the shell's routes (shell/src/app/routes.tsx), with the props the shell passes,
 * in the stand-in shell of `@marketplace/ui/dev` (dev only; see main.ts).
 */
import { screen, startStandalone } from '@marketplace/ui/dev';

startStandalone({
  name: 'catalog',
  screens: [
    screen({ id: 'catalog/Home', path: '/', label: 'the home page', load: () => import('../exposes/Home') }),
    screen({
      id: 'catalog/CarList',
      path: '/buy-a-car',
      label: 'the car listing',
      load: () => import('../exposes/CarList'),
    }),
    screen({
      id: 'catalog/CarDetails',
      path: '/car-details/:carId',
      label: "the car's details",
      load: () => import('../exposes/CarDetails'),
    }),
    screen({
      id: 'catalog/Compare',
      path: '/compare',
      label: 'the comparison',
      load: () => import('../exposes/Compare'),
    }),
    screen({
      id: 'catalog/StaticPage',
      path: '/faq',
      label: 'the FAQ',
      props: { page: 'faq' },
      load: () => import('../exposes/StaticPage'),
    }),
    screen({
      id: 'catalog/StaticPage',
      path: '/about',
      label: 'the About page',
      props: { page: 'about' },
      load: () => import('../exposes/StaticPage'),
    }),
    screen({
      id: 'catalog/StaticPage',
      path: '/contact',
      label: 'the Contact page',
      props: { page: 'contact' },
      load: () => import('../exposes/StaticPage'),
    }),
    screen({
      id: 'catalog/StaticPage',
      path: '/t&c',
      label: 'the terms',
      props: { page: 'terms' },
      load: () => import('../exposes/StaticPage'),
    }),
  ],
});
