/**
 * The first administrator (issue 4): from ADMIN_EMAIL / ADMIN_PASSWORD; in development, when unset, a
 * default one whose credentials are printed at start. Production without them creates none.
 */
import type { Config } from '@marketplace/platform';

export const DEV_ADMIN = {
  email: 'admin@marketplace.local',
  password: 'Admin@12345',
  username: 'admin',
} as const;

/** The admin account to ensure, or undefined when none should be created. */
export function bootstrapAdmin(
  config: Config,
): { email: string; password: string; isDevDefault: boolean } | undefined {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    return { email: config.ADMIN_EMAIL.toLowerCase(), password: config.ADMIN_PASSWORD, isDevDefault: false };
  }
  if (config.NODE_ENV === 'production') return undefined;
  return { email: DEV_ADMIN.email, password: DEV_ADMIN.password, isDevDefault: true };
}
