/** Standalone entry of the listing service (distributed mode); configuration from the environment (README). */
import { runStandalone } from '@marketplace/platform';
import { listingService } from './index';

await runStandalone(listingService);
