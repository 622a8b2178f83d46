/** /profile (spec §2 "Profile") — placeholder until issue #10; shows who is signed in. */
import { ComingSoon, useAuthStore } from '@marketplace/ui';

/** The signed-in user's profile. */
export function ProfileScreen() {
  const user = useAuthStore((s) => s.user);
  return (
    <ComingSoon
      title="Your profile"
      description={user ? `Signed in as ${user.name} (${user.email}).` : 'Log in to see your profile.'}
      issue="#10"
    />
  );
}
