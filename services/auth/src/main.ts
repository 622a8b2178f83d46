/** Standalone entry of the auth service (distributed mode); configuration from the environment (README). */
import { runStandalone } from '@marketplace/platform';
import { authService } from './index';

await runStandalone(authService);
