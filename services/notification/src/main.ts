/** Standalone entry of the notification service (distributed mode); configuration from the environment (README). */
import { runStandalone } from '@marketplace/platform';
import { notificationService } from './index';

await runStandalone(notificationService);
