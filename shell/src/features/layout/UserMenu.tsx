/**
 * The signed-in user's menu (spec §2): /profile, /appointment, /pages/settings and Log Out. Closes on
 * Escape, on a click outside and on choosing an item (the design system's accessible Menu).
 */
import { logout, TOAST_AUTO_CLOSE_MS, toast, useAuthStore } from '@marketplace/ui';
import { Menu } from '@marketplace/ui/overlays';
import { Link, useNavigate } from '@marketplace/ui/router';

/** Signs out with the spec's messages (§8). */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    try {
      await logout();
      toast.success('User logged out successfully.', { duration: TOAST_AUTO_CLOSE_MS });
      navigate('/');
    } catch {
      toast.error('Error logging out. Please try again.', { duration: TOAST_AUTO_CLOSE_MS });
    }
  };
}

/** Avatar button with the user's links (loaded lazily: signed-out visitors never download Headless UI). */
export default function UserMenu() {
  const user = useAuthStore((s) => s.user);
  const signOut = useLogout();
  if (!user) return null;
  return (
    <Menu
      // The accessible name starts with the visible name (WCAG 2.5.3 label in name).
      label={`${user.name}: User menu`}
      buttonClassName="gap-2 rounded-full p-0.5 pr-3 hover:bg-slate-100 dark:hover:bg-slate-800"
      button={
        <>
          <img src={user.profile} alt="" className="size-8 rounded-full bg-slate-200 object-cover" />
          <span className="hidden max-w-32 truncate text-sm font-medium sm:inline">{user.name}</span>
        </>
      }
      renderLink={({ href, label, className }) => (
        <Link to={href} className={className}>
          {label}
        </Link>
      )}
      items={[
        { label: 'Profile', href: '/profile' },
        { label: 'My test drives', href: '/appointment' },
        { label: 'Settings', href: '/pages/settings' },
        { label: 'Log Out', onSelect: () => void signOut() },
      ]}
    />
  );
}
