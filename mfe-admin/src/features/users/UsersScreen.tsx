/** /dashboard/users (spec §2) — placeholder until issue #12. */
import { ComingSoon } from '@marketplace/ui';

/** User accounts. */
export function UsersScreen() {
  return <ComingSoon title="Users" description="List, add and delete user accounts." issue="#12" />;
}
