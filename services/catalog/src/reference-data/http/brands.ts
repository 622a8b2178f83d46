/**
 * Brands (spec §7): `GET /api/carbrand?keyword=` → `{ data: [brands] }` with each brand's models;
 * Admin-only `POST /api/carbrand` → `{ success, message, data }`, `PUT /api/carbrand/{id}`,
 * `DELETE /api/carbrand/{id}` (409 while it has models or cars). Seeded logos at `/api/carbrand/logos/{file}`.
 * Every write emits `catalog.brand.changed` through the outbox.
 *
 * A `logoKey` is either a seeded logo (`seed:<file>.svg`, served here) or a key of an uploaded logo, which
 * the storage service must confirm (uploaded as type `logo`; by an Admin) before the brand is saved:
 * a synchronous peer call with the Admin's credentials (issue 6). A refused key answers 400 naming
 * `logoKey`; an unreachable storage service 503.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { EventPayloads } from '@marketplace/contracts';
import {
  answered,
  badRequest,
  confirmStoredImages,
  conflict,
  type Db,
  notFound,
  type Outbox,
  onUniqueViolation,
  type Peers,
} from '@marketplace/platform';
import { asc, eq, ilike, inArray } from 'drizzle-orm';
import type { Request, RequestHandler } from 'express';
import { toApiBrand, toApiBrandCore } from '../../domain/serialize';
import { carDocs } from '../../search/schema';
import { type BrandRow, brands, models } from '../../store';
import { isUuid, likePattern, publicCache } from './common';
import type { CatalogHandlers } from './handlers';

const LOGO_FILE = /^[a-z0-9-]{1,60}\.svg$/;

/**
 * The brand routes; `peers` reaches the storage service to confirm uploaded logo keys.
 */
export function brandHandlers(
  db: Db,
  outbox: Outbox<EventPayloads>,
  logosDir: string,
  peers: Peers,
): CatalogHandlers<'listBrands' | 'getSeededBrandLogo' | 'createBrand' | 'updateBrand' | 'deleteBrand'> {
  /**
   * Checks a `logoKey` before it is saved: a seeded logo must exist here; any other key must be confirmed
   * by storage as a logo this Admin may use. Runs outside any transaction (the peer call may need the
   * same database connection in embedded mode).
   * @throws HttpError 400 `logoKey: …` when refused; 503 when storage cannot answer.
   */
  async function checkLogoKey(logoKey: string | undefined, req: Request): Promise<void> {
    if (logoKey === undefined) return;
    if (logoKey.startsWith('seed:')) {
      const file = logoKey.slice(5);
      if (LOGO_FILE.test(file) && fs.existsSync(path.join(logosDir, file))) return;
      throw badRequest('logoKey: no seeded logo has this name');
    }
    await confirmStoredImages(peers, req, { type: 'logo', keys: [logoKey], field: () => 'logoKey' });
  }

  async function withModels(rows: BrandRow[]) {
    const ids = rows.map((b) => b.id);
    const all = ids.length
      ? await db.select().from(models).where(inArray(models.brandId, ids)).orderBy(asc(models.name))
      : [];
    return rows.map((b) =>
      toApiBrand(
        b,
        all.filter((m) => m.brandId === b.id),
      ),
    );
  }

  const save = <T>(name: string, fn: () => Promise<T>) =>
    onUniqueViolation(fn, () => conflict(`name: a brand named ${name} already exists`));

  /** Passes to the next route (the `/api` 404) unless `:file` is a seeded logo. */
  const seededLogoExists: RequestHandler = (req, _res, next) => {
    const file = String(req.params.file);
    next(LOGO_FILE.test(file) && fs.existsSync(path.join(logosDir, file)) ? undefined : 'route');
  };

  return {
    listBrands: {
      before: [publicCache],
      async handle(input) {
        const { keyword } = input.query;
        const rows = await db
          .select()
          .from(brands)
          .where(keyword ? ilike(brands.name, likePattern(keyword)) : undefined)
          .orderBy(asc(brands.name));
        return { data: await withModels(rows) };
      },
    },
    getSeededBrandLogo: {
      before: [seededLogoExists],
      async handle(_input, { req, res }) {
        const file = req.params.file;
        res.setHeader('cache-control', 'public, max-age=604800, immutable');
        res.type('image/svg+xml').sendFile(path.join(logosDir, String(file)));
        return answered;
      },
    },
    async createBrand(input, { req }) {
      const body = input.body;
      await checkLogoKey(body.logoKey, req);
      const row = await save(body.name, () =>
        outbox.transaction(async (tx, emit) => {
          const [created] = await tx
            .insert(brands)
            .values({
              name: body.name,
              country: body.country,
              founded: body.founded,
              website: body.website ?? null,
              logoKey: body.logoKey ?? null,
            })
            .returning();
          await emit('catalog.brand.changed', { action: 'created', brand: toApiBrandCore(created!) });
          return created!;
        }),
      );
      return { success: true as const, message: 'Brand successfully created.', data: toApiBrand(row, []) };
    },
    async updateBrand(input, { req }) {
      const { id } = input.params;
      const body = input.body;
      if (!isUuid(id)) throw notFound('Brand not found.');
      await checkLogoKey(body.logoKey, req);
      const row = await save(body.name ?? '', () =>
        outbox.transaction(async (tx, emit) => {
          const [updated] = await tx
            .update(brands)
            .set({
              ...(body.name !== undefined ? { name: body.name } : {}),
              ...(body.country !== undefined ? { country: body.country } : {}),
              ...(body.founded !== undefined ? { founded: body.founded } : {}),
              ...('website' in body ? { website: body.website ?? null } : {}),
              ...(body.logoKey !== undefined ? { logoKey: body.logoKey } : {}),
            })
            .where(eq(brands.id, id))
            .returning();
          if (!updated) throw notFound('Brand not found.');
          await emit('catalog.brand.changed', { action: 'updated', brand: toApiBrandCore(updated) });
          return updated;
        }),
      );
      return { message: 'Brand successfully updated.', data: (await withModels([row]))[0] };
    },
    async deleteBrand(input) {
      const { id } = input.params;
      if (!isUuid(id)) throw notFound('Brand not found.');
      const row = await outbox.transaction(async (tx, emit) => {
        const [model] = await tx
          .select({ id: models.id })
          .from(models)
          .where(eq(models.brandId, id))
          .limit(1);
        if (model) throw conflict('This brand still has models. Delete its models first.');
        const [car] = await tx
          .select({ id: carDocs.id })
          .from(carDocs)
          .where(eq(carDocs.brandId, id))
          .limit(1);
        if (car) throw conflict('Cars of this brand are listed, so it cannot be deleted.');
        const [deleted] = await tx.delete(brands).where(eq(brands.id, id)).returning();
        if (!deleted) throw notFound('Brand not found.');
        await emit('catalog.brand.changed', { action: 'deleted', brand: toApiBrandCore(deleted) });
        return deleted;
      });
      return { message: 'Brand successfully deleted.', data: toApiBrandCore(row) };
    },
  };
}
