/** The dashboard's nested routes under its base path (spec §2 route table, /dashboard/*). */
import type { DashboardProps } from '@marketplace/ui';
import { Route, Routes } from 'react-router-dom';
import { AdminLayout } from './layout/AdminLayout';
import { Overview } from './overview/Overview';
import { ReferenceDataScreen } from './reference-data/ReferenceDataScreen';
import { UsersScreen } from './users/UsersScreen';

/** Layout plus the screen for the current /dashboard path. */
export function DashboardRoutes({ basePath }: DashboardProps) {
  return (
    <AdminLayout basePath={basePath}>
      <Routes>
        <Route index element={<Overview />} />
        <Route path="state/state" element={<ReferenceDataScreen title="States" />} />
        <Route path="state/rto" element={<ReferenceDataScreen title="RTO codes" />} />
        <Route path="cars/brand" element={<ReferenceDataScreen title="Brands" />} />
        <Route path="cars/model" element={<ReferenceDataScreen title="Models" />} />
        <Route path="cars/variant" element={<ReferenceDataScreen title="Variants" />} />
        <Route path="users" element={<UsersScreen />} />
        <Route path="*" element={<ReferenceDataScreen title="Not found" />} />
      </Routes>
    </AdminLayout>
  );
}
