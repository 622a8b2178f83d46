/** Standalone entry of the storage service (distributed mode); configuration from the environment (README). */
import { runStandalone } from '@marketplace/platform';
import { storageService } from './index';

await runStandalone(storageService);
