/**
 * The route table of spec §2. Public routes share the header and footer; `/dashboard/*` is mfe-admin
 * with its own layout; `/loading` is the full-screen indicator; anything else is the not-found page.
 * Every remote area is a RemoteSlot (its own Suspense, ErrorBoundary and Retry fallback).
 */
import { useCompareStore } from '@marketplace/ui';
import { type RouteObject, useLocation } from '@marketplace/ui/router';
import { lazy, Suspense } from 'react';
import { RouteErrorBoundary } from '../features/errors/AppError';
import { NotFound } from '../features/errors/NotFound';
import { PublicLayout } from '../features/layout/PublicLayout';
import { LoadingPage } from '../features/loading/Loading';
import { LoginDialogHost } from './federation/LoginDialogHost';
import { RemoteSlot } from './federation/RemoteSlot';
import { TestDriveModalHost } from './federation/TestDriveModalHost';

const CompareTray = lazy(() => import('../features/compare-tray/CompareTray'));

/**
 * The compare tray (issue 24) on public pages other than the comparison itself, downloaded the first time
 * the buyer picks a car to compare.
 */
function CompareTrayHost() {
  const picked = useCompareStore((s) => s.items.length > 0);
  const { pathname } = useLocation();
  if (!picked || /^\/(compare|dashboard)(\/|$)/.test(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <CompareTray />
    </Suspense>
  );
}

/** Wraps every route: the login dialog is routed content too (it may navigate). */
function Root() {
  return (
    <>
      <RouteErrorBoundary />
      <LoginDialogHost />
      <TestDriveModalHost />
      <CompareTrayHost />
    </>
  );
}

/** Route objects for useRoutes (a page that throws shows the error page under the header). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        path: '/',
        element: <PublicLayout />,
        children: [
          {
            element: <RouteErrorBoundary />,
            children: [
              { index: true, element: <RemoteSlot id="catalog/Home" label="the home page" /> },
              { path: 'buy-a-car', element: <RemoteSlot id="catalog/CarList" label="the car listing" /> },
              {
                path: 'car-details/:carId',
                element: <RemoteSlot id="catalog/CarDetails" label="the car's details" />,
              },
              { path: 'compare', element: <RemoteSlot id="catalog/Compare" label="the comparison" /> },
              {
                path: 'faq',
                element: <RemoteSlot id="catalog/StaticPage" label="the FAQ" props={{ page: 'faq' }} />,
              },
              {
                path: 'about',
                element: (
                  <RemoteSlot id="catalog/StaticPage" label="the About page" props={{ page: 'about' }} />
                ),
              },
              {
                path: 'contact',
                element: (
                  <RemoteSlot id="catalog/StaticPage" label="the Contact page" props={{ page: 'contact' }} />
                ),
              },
              {
                path: 't&c',
                element: <RemoteSlot id="catalog/StaticPage" label="the terms" props={{ page: 'terms' }} />,
              },
              {
                path: 'sell-a-car',
                element: <RemoteSlot id="sell/SellWizard" label="the sell-a-car wizard" />,
              },
              { path: 'sold', element: <RemoteSlot id="sell/SellerCars" label="your listings" /> },
              { path: 'profile', element: <RemoteSlot id="account/Profile" label="your profile" /> },
              {
                path: 'appointment',
                element: <RemoteSlot id="account/Appointments" label="your test drives" />,
              },
              { path: 'purchases', element: <RemoteSlot id="account/Purchases" label="your purchases" /> },
              { path: 'help', element: <RemoteSlot id="account/Help" label="help and support" /> },
              {
                path: 'pages/settings',
                element: <RemoteSlot id="account/Settings" label="your settings" />,
              },
              {
                path: 'unsubscribe',
                element: <RemoteSlot id="account/Unsubscribe" label="the unsubscribe page" />,
              },
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
      { path: '/loading', element: <LoadingPage /> },
      {
        path: '/dashboard/*',
        element: <RemoteSlot id="admin/Dashboard" label="the dashboard" props={{ basePath: '/dashboard' }} />,
      },
    ],
  },
];
