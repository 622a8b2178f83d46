/**
 * Creating, changing and deleting brands (spec §7 `/api/carbrand`; Admin only), each change with its
 * `catalog.brand.changed` in the same transaction. A `logoKey` is either a seeded logo (`seed:<file>.svg`,
 * served by the catalog) or the key of an uploaded logo, which the storage service must confirm (uploaded
 * as type `logo`; by an Admin) before the brand is saved: a synchronous peer call with the Admin's
 * credentials (issue 6). Names are unique in any case (409).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Brand, brandCreateBody, brandUpdateBody } from '@marketplace/contracts';
import { badRequest, conflict, notFound, onUniqueViolation } from '@marketplace/platform';
import type { Request } from 'express';
import type { z } from 'zod';
import { isUuid } from '../../data/schema';
import { confirmLogo } from '../clients/storage';
import { brandStore } from '../data/brands';
import { modelStore } from '../data/models';
import { isReferenced, referrers } from '../data/references';
import type { BrandRow } from '../data/tables';
import { notFoundMessage } from '../domain/messages';
import { isLogoFileName } from '../domain/rules';
import { toApiBrand, toApiBrandCore } from '../domain/serialize';
import { emitBrandChanged } from '../events/publish';
import type { ReferenceDataDeps } from './deps';

/** True when `file` is the name of a seeded logo in `logosDir`. */
export function isSeededLogo(logosDir: string, file: string): boolean {
  return isLogoFileName(file) && fs.existsSync(path.join(logosDir, file));
}

/**
 * Checks a `logoKey` before it is saved: a seeded logo must exist here; any other key must be confirmed
 * by storage as a logo this Admin (the caller of `req`) may use. Runs outside any transaction (the peer
 * call may need the same database connection in embedded mode).
 * @throws HttpError 400 `logoKey: …` when refused; 503 when storage cannot answer.
 */
async function checkLogoKey(deps: ReferenceDataDeps, logoKey: string | undefined, req: Request) {
  if (logoKey === undefined) return;
  if (logoKey.startsWith('seed:')) {
    if (isSeededLogo(deps.logosDir, logoKey.slice(5))) return;
    throw badRequest('logoKey: no seeded logo has this name');
  }
  await confirmLogo(deps.peers, req, logoKey);
}

/** Runs `fn`, turning a duplicate name into the 409 naming it. */
const uniqueName = <T>(name: string, fn: () => Promise<T>) =>
  onUniqueViolation(fn, () => conflict(`name: a brand named ${name} already exists`));

/** The API shapes of `rows`, each with its models by name. */
export async function withModels(deps: Pick<ReferenceDataDeps, 'db'>, rows: BrandRow[]): Promise<Brand[]> {
  const all = await modelStore.ofBrands(
    deps.db,
    rows.map((b) => b.id),
  );
  return rows.map((b) =>
    toApiBrand(
      b,
      all.filter((m) => m.brandId === b.id),
    ),
  );
}

/**
 * Creates a brand (without models) after its logo key is checked. @throws HttpError 400 a refused logo
 * key; 409 a name that exists; 503 storage unreachable.
 */
export async function createBrand(
  deps: ReferenceDataDeps,
  body: z.output<typeof brandCreateBody>,
  req: Request,
): Promise<Brand> {
  await checkLogoKey(deps, body.logoKey, req);
  const row = await uniqueName(body.name, () =>
    deps.outbox.transaction(async (tx, emit) => {
      const created = await brandStore.insert(tx, {
        name: body.name,
        country: body.country,
        founded: body.founded,
        website: body.website ?? null,
        logoKey: body.logoKey ?? null,
      });
      await emitBrandChanged(emit, 'created', created);
      return created;
    }),
  );
  return toApiBrand(row, []);
}

/**
 * Changes brand `id` (absent fields keep their value; a `website` given as empty clears it) and answers it
 * with its models. @throws HttpError 404 unknown brand; as {@link createBrand}.
 */
export async function updateBrand(
  deps: ReferenceDataDeps,
  id: string,
  body: z.output<typeof brandUpdateBody>,
  req: Request,
): Promise<Brand | undefined> {
  if (!isUuid(id)) throw notFound(notFoundMessage('Brand'));
  await checkLogoKey(deps, body.logoKey, req);
  const row = await uniqueName(body.name ?? '', () =>
    deps.outbox.transaction(async (tx, emit) => {
      const updated = await brandStore.update(tx, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.country !== undefined ? { country: body.country } : {}),
        ...(body.founded !== undefined ? { founded: body.founded } : {}),
        ...('website' in body ? { website: body.website ?? null } : {}),
        ...(body.logoKey !== undefined ? { logoKey: body.logoKey } : {}),
      });
      if (!updated) throw notFound(notFoundMessage('Brand'));
      await emitBrandChanged(emit, 'updated', updated);
      return updated;
    }),
  );
  return (await withModels(deps, [row]))[0];
}

/**
 * Deletes brand `id` and answers it without models. @throws HttpError 404 unknown brand; 409 while it has
 * models or listed cars.
 */
export async function deleteBrand(deps: ReferenceDataDeps, id: string): Promise<Omit<Brand, 'models'>> {
  if (!isUuid(id)) throw notFound(notFoundMessage('Brand'));
  const row = await deps.outbox.transaction(async (tx, emit) => {
    if (await isReferenced(tx, referrers.modelsOfBrand, id))
      throw conflict('This brand still has models. Delete its models first.');
    if (await isReferenced(tx, referrers.carsOfBrand, id))
      throw conflict('Cars of this brand are listed, so it cannot be deleted.');
    const deleted = await brandStore.remove(tx, id);
    if (!deleted) throw notFound(notFoundMessage('Brand'));
    await emitBrandChanged(emit, 'deleted', deleted);
    return deleted;
  });
  return toApiBrandCore(row);
}
