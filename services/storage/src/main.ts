/** Standalone entry of the storage service (distributed mode); configuration from the environment (README). */
import { runStandalone } from '@marketplace/platform';
import { storageReadiness, storageService } from './index';

const running = await runStandalone(storageService);
// `/readyz` reads this object at every probe: a full decode line reports not ready (issue 20).
Object.assign(running.infra.readiness, storageReadiness);
