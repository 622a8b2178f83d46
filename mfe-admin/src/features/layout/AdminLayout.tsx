/**
 * The dashboard's own layout (spec §2 "Admin layout"): sidebar, top header, content. Until the start-up
 * user fetch has finished it shows only a loader, and a user who is not an Admin is sent to `/` without
 * any admin screen rendering (the API enforces the role anyway: every admin write answers 403).
 */
import {
  ADMIN_ROLE,
  cn,
  FullScreenLoader,
  logout,
  TOAST_AUTO_CLOSE_MS,
  toast,
  useAuthStore,
} from '@marketplace/ui';
import { Link, Navigate, useNavigate } from '@marketplace/ui/router';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { StrokeIcon } from '../../components/StrokeIcon';
import { Dropdown } from './Dropdown';
import { Sidebar } from './Sidebar';
import { useDismiss } from './useDismiss';

/** Sample content of the header's notification dropdown (spec §2: hard-coded). */
const notifications = [
  {
    title: 'New listing awaiting review',
    text: 'Hyundai Creta SX 2021 was listed in Bengaluru.',
    when: '12 min ago',
  },
  { title: 'Test drive booked', text: 'Maruti Suzuki Baleno Zeta, Saturday 11:30 AM.', when: '1 h ago' },
  { title: 'New user signed up', text: 'Priya Sharma verified her mobile number.', when: 'Yesterday' },
];

/** Sample content of the messages dropdown (spec §2: hard-coded, links to /messages). */
const messages = [
  { from: 'Arjun Mehta', text: 'Is the Honda City still available?', when: '5 min ago' },
  { from: 'Sneha Iyer', text: 'Can I reschedule my test drive to Sunday?', when: '2 h ago' },
];

const iconButton =
  'adm:rounded-lg adm:p-2 adm:text-slate-600 adm:hover:bg-slate-100 adm:focus-visible:outline-2 adm:focus-visible:outline-brand-600 adm:dark:text-slate-300 adm:dark:hover:bg-slate-800';

/** Sidebar + header around the admin screen `children`, for Admins only. */
export function AdminLayout({ basePath, children }: { basePath: string; children: ReactNode }) {
  const user = useAuthStore((s) => s.user);
  const ready = useAuthStore((s) => s.ready);
  if (!ready) return <FullScreenLoader label="Loading the dashboard" />;
  if (user?.role !== ADMIN_ROLE) return <Navigate to="/" replace />;
  return <AdminFrame basePath={basePath}>{children}</AdminFrame>;
}

function AdminFrame({ basePath, children }: { basePath: string; children: ReactNode }) {
  const user = useAuthStore((s) => s.user);
  const navigate = useNavigate();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const aside = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);
  const sidebarRefs = useMemo(() => [aside, toggle], []);
  useDismiss(sidebarOpen, closeSidebar, sidebarRefs, toggle);

  const signOut = async () => {
    try {
      await logout();
      toast.success('User logged out successfully.', { duration: TOAST_AUTO_CLOSE_MS });
      navigate('/');
    } catch {
      toast.error('Error logging out. Please try again.', { duration: TOAST_AUTO_CLOSE_MS });
    }
  };

  return (
    <div className="adm:flex adm:min-h-screen adm:bg-slate-100 adm:text-slate-900 adm:dark:bg-slate-950 adm:dark:text-slate-100">
      {sidebarOpen ? (
        <div
          className="adm:fixed adm:inset-0 adm:z-30 adm:bg-slate-900/50 adm:lg:hidden"
          aria-hidden="true"
        />
      ) : null}
      <aside
        ref={aside}
        id="admin-sidebar"
        aria-label="Dashboard menu"
        className={cn(
          'adm:fixed adm:inset-y-0 adm:left-0 adm:z-40 adm:w-64 adm:shrink-0 adm:overflow-y-auto adm:bg-slate-900 adm:p-4 adm:transition-transform adm:lg:static adm:lg:translate-x-0',
          sidebarOpen ? 'adm:translate-x-0' : 'adm:-translate-x-full adm:max-lg:invisible',
        )}
      >
        <Sidebar basePath={basePath} onNavigate={closeSidebar} />
      </aside>
      <div className="adm:flex adm:min-w-0 adm:flex-1 adm:flex-col">
        <header className="adm:sticky adm:top-0 adm:z-20 adm:flex adm:h-16 adm:items-center adm:gap-2 adm:border-b adm:border-slate-200 adm:bg-white adm:px-4 adm:sm:px-6 adm:dark:border-slate-800 adm:dark:bg-slate-900">
          <button
            ref={toggle}
            type="button"
            className={cn(iconButton, 'adm:lg:hidden')}
            aria-label={sidebarOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={sidebarOpen}
            aria-controls="admin-sidebar"
            onClick={() => setSidebarOpen((o) => !o)}
          >
            <StrokeIcon d="M4 6h16M4 12h16M4 18h16" />
          </button>
          <search className="adm:hidden adm:flex-1 adm:sm:block">
            <input
              type="search"
              placeholder="Type to search…"
              aria-label="Search the dashboard"
              className="adm:w-full adm:max-w-sm adm:rounded-lg adm:border adm:border-slate-300 adm:bg-white adm:px-3 adm:py-1.5 adm:text-sm adm:dark:border-slate-600 adm:dark:bg-slate-800"
            />
          </search>
          <div className="adm:ml-auto adm:flex adm:items-center adm:gap-1">
            <Dropdown
              label="Notifications"
              badge={notifications.length}
              button={
                <StrokeIcon d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 1 0-12 0v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0a3 3 0 1 1-6 0m6 0H9" />
              }
            >
              {() => (
                <>
                  <p className="adm:px-4 adm:pb-2 adm:font-semibold">Notifications</p>
                  <ul className="adm:divide-y adm:divide-slate-100 adm:dark:divide-slate-800">
                    {notifications.map((n) => (
                      <li key={n.title} className="adm:px-4 adm:py-2">
                        <p className="adm:font-medium">{n.title}</p>
                        <p className="adm:text-slate-600 adm:dark:text-slate-400">{n.text}</p>
                        <p className="adm:text-xs adm:text-slate-500">{n.when}</p>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </Dropdown>
            <Dropdown
              label="Messages"
              badge={messages.length}
              button={
                <StrokeIcon d="M8 10h8M8 14h5m-9 6 2.6-2.6A2 2 0 0 1 8 17h11a1 1 0 0 0 1-1V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v15Z" />
              }
            >
              {(close) => (
                <>
                  <p className="adm:px-4 adm:pb-2 adm:font-semibold">Messages</p>
                  <ul className="adm:divide-y adm:divide-slate-100 adm:dark:divide-slate-800">
                    {messages.map((m) => (
                      <li key={m.from}>
                        <Link
                          to="/messages"
                          onClick={close}
                          className="adm:block adm:px-4 adm:py-2 adm:hover:bg-slate-50 adm:dark:hover:bg-slate-800"
                        >
                          <span className="adm:block adm:font-medium">{m.from}</span>
                          <span className="adm:block adm:text-slate-600 adm:dark:text-slate-400">
                            {m.text}
                          </span>
                          <span className="adm:block adm:text-xs adm:text-slate-500">{m.when}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </Dropdown>
            <Dropdown
              label={`Profile menu, ${user?.name ?? ''}`}
              panelClassName="adm:w-56"
              button={
                <>
                  <img
                    src={user?.profile}
                    alt=""
                    className="adm:size-8 adm:rounded-full adm:bg-slate-200 adm:object-cover"
                  />
                  <span className="adm:hidden adm:max-w-32 adm:truncate adm:text-sm adm:font-medium adm:sm:inline">
                    {user?.name}
                  </span>
                </>
              }
            >
              {(close) => (
                <ul>
                  <li>
                    <Link
                      to="/profile"
                      onClick={close}
                      className="adm:block adm:px-4 adm:py-2 adm:hover:bg-slate-50 adm:dark:hover:bg-slate-800"
                    >
                      My Profile
                    </Link>
                  </li>
                  <li>
                    <Link
                      to="/pages/settings"
                      onClick={close}
                      className="adm:block adm:px-4 adm:py-2 adm:hover:bg-slate-50 adm:dark:hover:bg-slate-800"
                    >
                      Account Settings
                    </Link>
                  </li>
                  <li>
                    <button
                      type="button"
                      onClick={() => {
                        close();
                        void signOut();
                      }}
                      className="adm:block adm:w-full adm:px-4 adm:py-2 adm:text-left adm:hover:bg-slate-50 adm:dark:hover:bg-slate-800"
                    >
                      Log Out
                    </button>
                  </li>
                </ul>
              )}
            </Dropdown>
          </div>
        </header>
        <main className="adm:flex-1 adm:p-4 adm:sm:p-6">{children}</main>
      </div>
    </div>
  );
}
