/**
 * Auth service: users, passwords, OTP, social sign-in, account admin, JWKS (see docs/architecture.md, issue 4).
 * Layout: http/ binds the operations and keeps the session cookies, use-cases/ one flow per file,
 * domain/ the pure rules, data/ the tables, clients/ the call to storage, providers/ Google and Facebook.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventPayloads } from '@marketplace/contracts';
import { defineService, type ServicePorts } from '@marketplace/platform';
import { userStore } from './data/store';
import { bootstrapAdmin, DEV_ADMIN } from './domain/admin';
import { hashSecret } from './domain/secrets';
import { authOperations } from './http/operations';
import { databaseSessionCheck } from './http/sessions';
import { createSocialProviders } from './providers/index';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** Creates the first administrator when missing (idempotent; runs at every start). */
async function ensureAdmin(ports: ServicePorts<EventPayloads>): Promise<void> {
  const admin = bootstrapAdmin(ports.config);
  if (!admin) {
    ports.logger.warn('no ADMIN_EMAIL/ADMIN_PASSWORD: no administrator is created');
    return;
  }
  if (!(await userStore.byEmail(ports.db, admin.email))) {
    const passwordHash = await hashSecret(admin.password);
    await ports.outbox.transaction(async (tx, emit) => {
      const user = await userStore.insert(tx, {
        name: 'Administrator',
        username: admin.isDevDefault ? DEV_ADMIN.username : null,
        email: admin.email,
        passwordHash,
        role: 'Admin',
        verified: true,
        emailVerified: true,
      });
      await emit('auth.user.registered', {
        userId: user.id,
        name: user.name,
        email: user.email,
        role: 'Admin',
        verified: true,
        provider: 'admin',
      });
    });
  }
  if (admin.isDevDefault) {
    // The documented development default (README), so printing it reveals nothing; real ones are never logged.
    ports.logger.warn(
      `development administrator: ${admin.email} / ${admin.password} (set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`,
    );
  }
}

export const authService = defineService<EventPayloads>({
  name: 'auth',
  schema: 'auth',
  migrationsFolder,
  publishes: [
    'auth.user.registered',
    'auth.user.verified',
    'auth.user.updated',
    'auth.user.deleted',
    'auth.otp.requested',
    'auth.password.changed',
    'auth.email.verification_requested',
  ],
  calls: ['storage'],
  issuesSessions: true,
  async create(ports) {
    await ensureAdmin(ports);
    // Issue 20: every verification in this process (in embedded mode: every service's) also checks the
    // record in the auth database, cached at most SESSION_CHECK_TTL_MS.
    ports.tokens.useSessionCheck(databaseSessionCheck(ports.db), {
      ttlMs: ports.config.SESSION_CHECK_TTL_MS,
    });
    return { operations: authOperations(ports, createSocialProviders(ports.config)) };
  },
});
