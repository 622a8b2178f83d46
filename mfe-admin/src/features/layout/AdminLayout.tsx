/**
 * The dashboard's own layout (spec §2 "Admin layout"): sidebar, top header, content. When the current user
 * is known and is not an Admin it redirects to `/` (the API enforces the role anyway).
 */
import { ADMIN_ROLE, cn, FullScreenLoader, useAuthStore } from '@marketplace/ui';
import type { ReactNode } from 'react';
import { Link, Navigate, NavLink } from 'react-router-dom';

const sections = [
  { to: '', label: 'Dashboard', end: true },
  { to: 'state/state', label: 'States' },
  { to: 'state/rto', label: 'RTOs' },
  { to: 'cars/brand', label: 'Brands' },
  { to: 'cars/model', label: 'Models' },
  { to: 'cars/variant', label: 'Variants' },
  { to: 'users', label: 'Users' },
];

/** Sidebar + header around the admin screen `children`. */
export function AdminLayout({ basePath, children }: { basePath: string; children: ReactNode }) {
  const user = useAuthStore((s) => s.user);
  const ready = useAuthStore((s) => s.ready);
  if (!ready) return <FullScreenLoader label="Loading the dashboard" />;
  if (user?.role !== ADMIN_ROLE) return <Navigate to="/" replace />;
  return (
    <div className="adm:flex adm:min-h-screen adm:bg-slate-100 adm:dark:bg-slate-950">
      <aside className="adm:hidden adm:w-60 adm:shrink-0 adm:bg-slate-900 adm:p-4 adm:text-slate-300 adm:md:block">
        <Link to="/" className="adm:block adm:px-2 adm:py-3 adm:text-lg adm:font-extrabold adm:text-white">
          Car<span className="adm:text-brand-500">Bazaar</span> Admin
        </Link>
        <nav aria-label="Dashboard" className="adm:mt-4 adm:flex adm:flex-col adm:gap-1">
          {sections.map((s) => (
            <NavLink
              key={s.label}
              to={s.to ? `${basePath}/${s.to}` : basePath}
              end={s.end ?? false}
              className={({ isActive }) =>
                cn(
                  'adm:rounded-lg adm:px-3 adm:py-2 adm:text-sm',
                  isActive ? 'adm:bg-slate-800 adm:font-semibold adm:text-white' : 'adm:hover:bg-slate-800',
                )
              }
            >
              {s.label}
            </NavLink>
          ))}
        </nav>
      </aside>
      <div className="adm:flex adm:flex-1 adm:flex-col">
        <header className="adm:flex adm:h-16 adm:items-center adm:justify-between adm:border-b adm:border-slate-200 adm:bg-white adm:px-6 adm:dark:border-slate-800 adm:dark:bg-slate-900">
          <input
            type="search"
            placeholder="Search…"
            aria-label="Search"
            className="adm:w-64 adm:rounded-lg adm:border adm:border-slate-300 adm:px-3 adm:py-1.5 adm:text-sm adm:dark:border-slate-600 adm:dark:bg-slate-800"
          />
          <span className="adm:text-sm adm:font-medium">{user.name}</span>
        </header>
        <main className="adm:flex-1 adm:p-6">{children}</main>
      </div>
    </div>
  );
}
