/** The dashboard's nested routes under its base path (spec §2 route table, /dashboard/*). */
import type { DashboardProps } from '@marketplace/ui';
import { Link, Route, Routes } from '@marketplace/ui/router';
import { BrandScreen } from '../features/brands/BrandScreen';
import { AdminLayout } from '../features/layout/AdminLayout';
import { ModelScreen } from '../features/models/ModelScreen';
import { Overview } from '../features/overview/Overview';
import { RtoScreen } from '../features/rto/RtoScreen';
import { StatesScreen } from '../features/states/StatesScreen';
import { UsersScreen } from '../features/users/UsersScreen';
import { VariantScreen } from '../features/variants/VariantScreen';

/** Layout plus the screen for the current /dashboard path. */
export function DashboardRoutes({ basePath }: DashboardProps) {
  return (
    <AdminLayout basePath={basePath}>
      <Routes>
        <Route index element={<Overview />} />
        <Route path="state/state" element={<StatesScreen />} />
        <Route path="state/rto" element={<RtoScreen />} />
        <Route path="cars/brand" element={<BrandScreen />} />
        <Route path="cars/model" element={<ModelScreen />} />
        <Route path="cars/variant" element={<VariantScreen />} />
        <Route path="users" element={<UsersScreen />} />
        <Route
          path="*"
          element={
            <div className="adm:py-16 adm:text-center">
              <h1 className="adm:text-2xl adm:font-bold">This dashboard page does not exist.</h1>
              <Link to={basePath} className="adm:mt-4 adm:inline-block adm:text-brand-700 adm:underline">
                Back to the dashboard
              </Link>
            </div>
          }
        />
      </Routes>
    </AdminLayout>
  );
}
