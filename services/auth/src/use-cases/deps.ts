/** What the auth flows use: the service's ports, its rate limiters and failure throttles, the providers. */
import type { EventPayloads } from '@marketplace/contracts';
import type { ServicePorts } from '@marketplace/platform';
import type { SocialProviders } from '../providers/index';
import { createFailureThrottle, type FailureThrottle } from './lockout';
import { type AuthLimiters, createAuthLimiters } from './rate-limits';

export interface AuthDeps {
  ports: ServicePorts<EventPayloads>;
  limit: AuthLimiters;
  /** Wrong passwords, per account and client (lockout.ts). */
  loginThrottle: FailureThrottle;
  /** Wrong sign-up codes, per phone and client (lockout.ts). */
  otpThrottle: FailureThrottle;
  providers: SocialProviders;
}

/** The flows' dependencies over `ports` (one set per process: the limiters and throttles count there). */
export function createAuthDeps(ports: ServicePorts<EventPayloads>, providers: SocialProviders): AuthDeps {
  const clockMs = () => ports.clock().getTime();
  return {
    ports,
    limit: createAuthLimiters(ports.rateLimiters),
    loginThrottle: createFailureThrottle('login', ports.cache, ports.rateLimiters, clockMs),
    otpThrottle: createFailureThrottle('otp', ports.cache, ports.rateLimiters, clockMs),
    providers,
  };
}
