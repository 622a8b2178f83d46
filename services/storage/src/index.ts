/**
 * Storage service (issue 6): signed upload URLs, image validation, resized variants, serving. Files live
 * on local disk (embedded default) or in an S3-compatible bucket (STORAGE_DRIVER=s3); the service's
 * table `storage.images` records each key's owner, type and stored sizes. At every start it seeds the
 * twelve demo car photos {@link DEMO_CAR_IMAGE_KEYS} (owner `system`). Layout: http/ binds the operations,
 * use-cases/ the flows over the image library, domain/ images, keys and signing, data/ the table and the
 * file adapters.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_CAR_IMAGE_KEYS, type DemoCarImageKey, type EventPayloads } from '@marketplace/contracts';
import { defineService, type ReadinessCheck } from '@marketplace/platform';
import { createStorageAdapter } from './data/adapters/index';
import { processDecodeQueue } from './domain/decode-queue';
import { demoCarImages, renderDemoCar } from './domain/demo-cars';
import { storageOperations } from './http/operations';
import { createImageLibrary, imageUrl, sizeUrl } from './use-cases/image-library';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** The process-wide queue of image decodes (its `stats()` show capacity and load; load tests read it). */
export { processDecodeQueue } from './domain/decode-queue';
export { DEMO_CAR_IMAGE_KEYS, imageUrl, sizeUrl };

/**
 * The stable URL of demo car photo `n` (1–12; other values wrap), e.g. `/api/storage/images/demo-car-03`
 * for n = 3: a 1280×853 JPEG, with WebP sizes at `…/demo-car-03/{320|640|1280}.webp`.
 */
export function demoCarImageUrl(n: number): string {
  const key: DemoCarImageKey = DEMO_CAR_IMAGE_KEYS[(((n - 1) % 12) + 12) % 12]!;
  return imageUrl(key);
}

/**
 * Readiness checks of the storage service (issue 20, point 10), to merge into the process's `/readyz`
 * checks: `imageQueue` is false while every place in this process's decode line is taken (uploads are
 * then refused with 503 + Retry-After), so a load balancer sends new uploads to another replica. The
 * standalone entry (`main.ts`) adds them; a host running the service in-process adds them with
 * `Object.assign(infra.readiness, storageReadiness)`.
 */
export const storageReadiness: Record<string, ReadinessCheck> = {
  imageQueue: async () => !processDecodeQueue.full(),
};

export const storageService = defineService<EventPayloads>({
  name: 'storage',
  schema: 'storage',
  migrationsFolder,
  create(ports) {
    const adapter = createStorageAdapter(ports.config, ports.clock);
    const library = createImageLibrary({
      db: ports.db,
      adapter,
      clock: ports.clock,
      logger: ports.logger,
    });
    return {
      operations: storageOperations(ports, library),
      async seed() {
        // Two at a time: rendering is CPU-bound (sharp's threads), this keeps the first start short.
        let written = 0;
        const queue = [...demoCarImages];
        const worker = async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            const { key, index } = next;
            if (await library.ensureSystemImage(key, 'cars', () => renderDemoCar(index))) written += 1;
          }
        };
        await Promise.all([worker(), worker()]);
        ports.logger.info({ written, driver: adapter.driver }, 'storage demo car images seeded');
      },
    };
  },
});
