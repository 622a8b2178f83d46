/**
 * The public header (spec §2 "Public header and footer"): links /, /buy-a-car, /sell-a-car and, for an
 * Admin only, /dashboard; a Log In button when signed out, else the user menu; the dark-mode toggle. On
 * small screens the links sit in a menu that toggles and closes when a link is chosen.
 */
import { ADMIN_ROLE, buttonClasses, cn, useAuthStore, useLoginDialogStore } from '@marketplace/ui';
import { NavLink, useLocation } from '@marketplace/ui/router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ColorModeToggle } from './ColorModeToggle';
import { Logo } from './Logo';

const UserMenu = lazy(() => import('./UserMenu'));

interface NavItem {
  to: string;
  label: string;
}

/** The header's links for `role` (the dashboard only for Admin). */
export function navItems(role: string | undefined): NavItem[] {
  const items: NavItem[] = [
    { to: '/', label: 'Home' },
    { to: '/buy-a-car', label: 'Buy a car' },
    { to: '/sell-a-car', label: 'Sell a car' },
  ];
  if (role === ADMIN_ROLE) items.push({ to: '/dashboard', label: 'Dashboard' });
  return items;
}

function linkClass({ isActive }: { isActive: boolean }): string {
  return cn(
    'rounded-lg px-3 py-2 text-sm font-semibold transition-colors',
    isActive
      ? 'text-brand-700 dark:text-brand-200'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
  );
}

/** The site header. */
export function Header() {
  const user = useAuthStore((s) => s.user);
  const ready = useAuthStore((s) => s.ready);
  const showLogin = useLoginDialogStore((s) => s.show);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const items = navItems(user?.role);

  // Any navigation (a link, back/forward) closes the mobile menu.
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ColorModeToggle />
          {user ? (
            <Suspense fallback={<span className="size-9 rounded-full bg-slate-200 dark:bg-slate-700" />}>
              <UserMenu />
            </Suspense>
          ) : (
            <button type="button" onClick={showLogin} disabled={!ready} className={buttonClasses('primary')}>
              Log In
            </button>
          )}
          <button
            type="button"
            className="grid size-9 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-nav"
            onClick={() => setOpen((v) => !v)}
          >
            <svg
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </div>
      {open ? (
        <nav
          id="mobile-nav"
          aria-label="Mobile"
          className="border-t border-slate-200 px-4 py-3 md:hidden dark:border-slate-800"
        >
          <ul className="flex flex-col gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  className={linkClass}
                  onClick={() => setOpen(false)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
