/**
 * The dashboard sidebar (spec §2): Dashboard; State → States, Rtos; Cars → Brand, Model, Variant; Users.
 * Which groups are expanded is remembered between visits (local storage).
 */
import { cn } from '@marketplace/ui';
import { Link, NavLink, useLocation } from '@marketplace/ui/router';
import { type ReactNode, useEffect, useState } from 'react';

const EXPANDED_KEY = 'admin.sidebar.expanded';

type GroupId = 'state' | 'cars';

const groups: Array<{ id: GroupId; label: string; links: Array<{ to: string; label: string }> }> = [
  {
    id: 'state',
    label: 'State',
    links: [
      { to: 'state/state', label: 'States' },
      { to: 'state/rto', label: 'Rtos' },
    ],
  },
  {
    id: 'cars',
    label: 'Cars',
    links: [
      { to: 'cars/brand', label: 'Brand' },
      { to: 'cars/model', label: 'Model' },
      { to: 'cars/variant', label: 'Variant' },
    ],
  },
];

function readExpanded(): GroupId[] {
  try {
    const value: unknown = JSON.parse(globalThis.localStorage?.getItem(EXPANDED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is GroupId => v === 'state' || v === 'cars') : [];
  } catch {
    return [];
  }
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'adm:flex adm:items-center adm:gap-3 adm:rounded-lg adm:px-3 adm:py-2 adm:text-sm adm:focus-visible:outline-2 adm:focus-visible:outline-brand-500',
    isActive
      ? 'adm:bg-slate-800 adm:font-semibold adm:text-white'
      : 'adm:text-slate-300 adm:hover:bg-slate-800 adm:hover:text-white',
  );

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      fill="currentColor"
      className={cn('adm:ml-auto adm:size-4 adm:transition-transform', open ? 'adm:rotate-180' : '')}
    >
      <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
    </svg>
  );
}

/** The sidebar's navigation; `onNavigate` closes it on small screens. */
export function Sidebar({
  basePath,
  onNavigate,
  footer,
}: {
  basePath: string;
  onNavigate(): void;
  footer?: ReactNode;
}) {
  const [expanded, setExpanded] = useState<GroupId[]>(readExpanded);
  const { pathname } = useLocation();
  useEffect(() => {
    try {
      globalThis.localStorage?.setItem(EXPANDED_KEY, JSON.stringify(expanded));
    } catch {
      // storage unavailable: remembered for this page only
    }
  }, [expanded]);
  const toggle = (id: GroupId) =>
    setExpanded((list) => (list.includes(id) ? list.filter((g) => g !== id) : [...list, id]));

  return (
    <div className="adm:flex adm:h-full adm:flex-col">
      <Link
        to="/"
        className="adm:block adm:px-3 adm:py-4 adm:text-lg adm:font-extrabold adm:text-white adm:focus-visible:outline-2 adm:focus-visible:outline-brand-500"
      >
        Car<span className="adm:text-rose-400">Bazaar</span>{' '}
        <span className="adm:font-medium adm:text-slate-400">Admin</span>
      </Link>
      <nav aria-label="Dashboard" className="adm:mt-2 adm:flex adm:flex-1 adm:flex-col adm:gap-1">
        <NavLink to={basePath} end className={linkClass} onClick={onNavigate}>
          Dashboard
        </NavLink>
        {groups.map((g) => {
          const open = expanded.includes(g.id);
          const active = pathname.startsWith(`${basePath}/${g.id}/`);
          return (
            <div key={g.id}>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={`admin-nav-${g.id}`}
                onClick={() => toggle(g.id)}
                className={cn(
                  'adm:flex adm:w-full adm:items-center adm:rounded-lg adm:px-3 adm:py-2 adm:text-left adm:text-sm adm:hover:bg-slate-800 adm:hover:text-white adm:focus-visible:outline-2 adm:focus-visible:outline-brand-500',
                  active ? 'adm:text-white' : 'adm:text-slate-300',
                )}
              >
                {g.label}
                <Chevron open={open} />
              </button>
              <ul
                id={`admin-nav-${g.id}`}
                hidden={!open}
                className="adm:mt-1 adm:ml-3 adm:border-l adm:border-slate-700 adm:pl-2"
              >
                {g.links.map((l) => (
                  <li key={l.to}>
                    <NavLink to={`${basePath}/${l.to}`} className={linkClass} onClick={onNavigate}>
                      {l.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
        <NavLink to={`${basePath}/users`} className={linkClass} onClick={onNavigate}>
          Users
        </NavLink>
      </nav>
      {footer}
    </div>
  );
}
