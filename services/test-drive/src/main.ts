/** Standalone entry of the test-drive service (distributed mode); configuration from the environment (README). */
import { runStandalone } from '@marketplace/platform';
import { testDriveService } from './index';

await runStandalone(testDriveService);
