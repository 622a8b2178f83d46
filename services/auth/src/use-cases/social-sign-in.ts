/**
 * Sign-in with Google or Facebook (spec §7 `googleLogin`, `facebookLogin`; issues 4, 10 and 20, point 3:
 * no account pre-hijacking).
 */
import { conflict } from '@marketplace/platform';
import { emailTokenStore, type UserRow, userStore } from '../data/store';
import { messages } from '../domain/rules';
import { emitUserUpdated } from '../events/publish';
import type { SocialIdentity } from '../providers/index';
import type { AuthDeps } from './deps';
import { inserting, releaseExpired } from './identifiers';

/**
 * The user of a verified provider `identity`: the linked user; else the user with that e-mail, linked
 * now, only when that address is verified and the account is not an administrator's (never
 * auto-linked: 409); an unverified claim on the address loses it — the verified provider identity is its
 * owner — and a new user is created for the identity (the claim's password is never a way into it).
 * @throws HttpError 409 the address belongs to an administrator.
 */
export async function socialSignIn(deps: AuthDeps, identity: SocialIdentity): Promise<UserRow> {
  const { db, outbox } = deps.ports;
  const linked = await userStore.byProvider(db, identity.provider, identity.providerId);
  if (linked) return linked;
  const link =
    identity.provider === 'google' ? { googleSub: identity.providerId } : { facebookId: identity.providerId };
  await releaseExpired(deps, { email: identity.email });
  const byEmail = await userStore.byEmail(db, identity.email);
  if (byEmail?.role === 'Admin') throw conflict(messages.adminNotLinked);
  if (byEmail?.emailVerified) return (await userStore.update(db, byEmail.id, { ...link, verified: true }))!;
  if (byEmail) await releaseAddress(deps, byEmail);
  return inserting(deps, { email: identity.email }, () =>
    outbox.transaction(async (tx, emit) => {
      const user = await userStore.insert(tx, {
        name: identity.name,
        email: identity.email,
        role: 'User',
        verified: true,
        emailVerified: true,
        profile: identity.picture ?? null,
        ...link,
      });
      await emit('auth.user.registered', {
        userId: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        verified: true,
        provider: identity.provider,
      });
      return user;
    }),
  );
}

/**
 * Takes an unverified address from `claim`: its e-mail becomes the placeholder
 * `unverified-<id>@released.invalid`, its pending links die, and `auth.user.updated` (changed: email) tells
 * the other services.
 */
async function releaseAddress(deps: AuthDeps, claim: UserRow): Promise<void> {
  await deps.ports.outbox.transaction(async (tx, emit) => {
    const updated = await userStore.update(tx, claim.id, {
      email: `unverified-${claim.id}@released.invalid`,
      emailVerified: false,
    });
    if (!updated) return;
    await emailTokenStore.removeFor(tx, claim.id);
    await emitUserUpdated(emit, updated, ['email']);
  });
}
