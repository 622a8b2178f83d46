/** Exposed as `admin/Dashboard` (routes `/dashboard/*`, with its own layout). */
import '../app/styles.css';
import type { DashboardProps } from '@marketplace/ui';
import type { ComponentType } from 'react';
import { DashboardRoutes } from '../app/DashboardRoutes';

const Dashboard: ComponentType<DashboardProps> = DashboardRoutes;
export default Dashboard;
