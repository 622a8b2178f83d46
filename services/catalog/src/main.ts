/** Standalone entry of the catalog service (distributed mode); configuration from the environment (README). */
import { runStandalone } from '@marketplace/platform';
import { catalogService } from './index';

await runStandalone(catalogService);
