/**
 * /profile (spec §2 "Profile"): name, email, phone, username and a placeholder bio, the Edit Profile dialog,
 * and links to /sold, /dashboard (Admin only), /purchases and /help; then the buyer's tabs (issue 24):
 * Shortlist and Saved searches (`/profile?tab=saved-searches` opens the second).
 */
import {
  ADMIN_ROLE,
  Button,
  buttonClasses,
  Spinner,
  useAuthStore,
  useLoginDialogStore,
} from '@marketplace/ui';
import { Tabs } from '@marketplace/ui/overlays';
import { Link, useSearchParams } from '@marketplace/ui/router';
import { useState } from 'react';
import { EditProfileDialog } from './EditProfileDialog';
import { EmailVerificationBanner, useEmailLink } from './EmailVerificationBanner';
import { SavedSearchesTab } from './SavedSearchesTab';
import { ShortlistTab } from './ShortlistTab';

/** The buyer's tabs, by their `?tab=` name. */
const TAB_NAMES = ['shortlist', 'saved-searches'];

/** The signed-in user's profile. */
export function ProfileScreen() {
  const user = useAuthStore((s) => s.user);
  const ready = useAuthStore((s) => s.ready);
  const showLogin = useLoginDialogStore((s) => s.show);
  const [editing, setEditing] = useState(false);
  const [params] = useSearchParams();
  useEmailLink();
  if (!ready) return <Spinner label="Loading" />;
  if (!user) {
    return (
      <section className="acc:mx-auto acc:max-w-3xl acc:px-4 acc:py-16 acc:text-center">
        <h1 className="acc:text-2xl acc:font-bold">Your profile</h1>
        <p className="acc:mt-3 acc:text-slate-600 acc:dark:text-slate-300">Sign in to see your profile.</p>
        <Button className="acc:mt-6" onClick={showLogin}>
          Sign in
        </Button>
      </section>
    );
  }
  const details: Array<[string, string]> = [
    ['Name', user.name],
    ['Email', user.email],
    ['Phone', user.phone_number ? `+91 ${user.phone_number}` : 'Not added'],
    ['Username', user.username ?? 'Not set'],
  ];
  const links: Array<[string, string]> = [
    ['View Sales History', '/sold'],
    ...(user.role === ADMIN_ROLE ? ([['Go to Dashboard', '/dashboard']] as Array<[string, string]>) : []),
    ['View Purchase History', '/purchases'],
    ['Help & Support', '/help'],
  ];
  return (
    <section className="acc:mx-auto acc:max-w-4xl acc:px-4 acc:py-10">
      <EmailVerificationBanner />
      <div className="acc:flex acc:flex-col acc:items-center acc:gap-6 acc:rounded-2xl acc:border acc:border-slate-200 acc:bg-white acc:p-6 acc:sm:flex-row acc:sm:items-start acc:dark:border-slate-700 acc:dark:bg-slate-900">
        <img
          src={user.profile}
          alt=""
          className="acc:size-28 acc:rounded-full acc:bg-slate-200 acc:object-cover"
        />
        <div className="acc:w-full acc:flex-1">
          <div className="acc:flex acc:flex-wrap acc:items-center acc:justify-between acc:gap-3">
            <h1 className="acc:text-2xl acc:font-bold">{user.name}</h1>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit Profile
            </Button>
          </div>
          <dl className="acc:mt-4 acc:grid acc:gap-3 acc:sm:grid-cols-2">
            {details.map(([label, value]) => (
              <div key={label}>
                <dt className="acc:text-xs acc:font-semibold acc:uppercase acc:tracking-wide acc:text-slate-500 acc:dark:text-slate-400">
                  {label}
                </dt>
                <dd className="acc:mt-0.5 acc:break-all">{value}</dd>
              </div>
            ))}
          </dl>
          <h2 className="acc:mt-6 acc:text-sm acc:font-semibold">Bio</h2>
          <p className="acc:mt-1 acc:text-sm acc:text-slate-600 acc:dark:text-slate-300">
            Car enthusiast on CarBazaar. Tell buyers and sellers a little about yourself here soon.
          </p>
        </div>
      </div>
      <nav
        aria-label="Your account"
        className="acc:mt-6 acc:grid acc:gap-3 acc:sm:grid-cols-2 acc:lg:grid-cols-4"
      >
        {links.map(([label, href]) => (
          <Link key={href} to={href} className={buttonClasses('secondary', 'acc:w-full')}>
            {label}
          </Link>
        ))}
      </nav>
      <section aria-labelledby="profile-buyer-tabs" className="acc:mt-10">
        <h2 id="profile-buyer-tabs" className="acc:mb-3 acc:text-xl acc:font-bold">
          Your cars and searches
        </h2>
        <Tabs
          defaultIndex={Math.max(0, TAB_NAMES.indexOf(params.get('tab') ?? ''))}
          tabs={[
            { label: 'Shortlist', content: <ShortlistTab /> },
            { label: 'Saved searches', content: <SavedSearchesTab /> },
          ]}
        />
      </section>
      {editing ? <EditProfileDialog onClose={() => setEditing(false)} /> : null}
    </section>
  );
}
