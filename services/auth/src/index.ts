/** Auth service: users, passwords, OTP, social sign-in, account admin, JWKS (see ARCHITECTURE.md). */
import { defineService } from '@marketplace/platform';
import { authRoutes } from './routes';

export const authService = defineService({
  name: 'auth',
  schema: 'auth',
  create: (ports) => ({ router: authRoutes(ports) }),
});
