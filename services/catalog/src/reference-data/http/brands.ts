/**
 * Brands (spec §7): `GET /api/carbrand?keyword=` → `{ data: [brands] }` with each brand's models;
 * Admin-only `POST /api/carbrand` → `{ success, message, data }`, `PUT /api/carbrand/{id}`,
 * `DELETE /api/carbrand/{id}` (409 while it has models or cars; flows in ../use-cases/manage-brands.ts).
 * Seeded logos at `/api/carbrand/logos/{file}` (SVG, cached a week); another file name falls through to
 * the `/api` 404. A refused `logoKey` answers 400 naming it; an unreachable storage service 503.
 */
import path from 'node:path';
import { answered, sendJsonAnswer } from '@marketplace/platform';
import type { RequestHandler } from 'express';
import type { CatalogHandlers } from '../../handlers';
import { brandStore } from '../data/brands';
import { doneMessage } from '../domain/messages';
import type { ReferenceDataDeps } from '../use-cases/deps';
import { createBrand, deleteBrand, isSeededLogo, updateBrand, withModels } from '../use-cases/manage-brands';
import { publicCache } from './public-cache';

/** The brand handlers; `deps.peers` reaches the storage service to confirm uploaded logo keys. */
export function brandHandlers(
  deps: ReferenceDataDeps,
): CatalogHandlers<'listBrands' | 'getSeededBrandLogo' | 'createBrand' | 'updateBrand' | 'deleteBrand'> {
  /** Passes to the next route (the `/api` 404) unless `:file` is a seeded logo. */
  const seededLogoExists: RequestHandler = (req, _res, next) => {
    next(isSeededLogo(deps.logosDir, String(req.params.file)) ? undefined : 'route');
  };

  return {
    listBrands: {
      before: [publicCache],
      async handle({ query }, { req, res }) {
        const list = async () => ({
          data: await withModels(deps, await brandStore.list(deps.db, query.keyword)),
        });
        if (query.keyword) return list();
        sendJsonAnswer(req, res, await deps.listedBrands.answer(async () => JSON.stringify(await list())));
        return answered;
      },
    },
    getSeededBrandLogo: {
      before: [seededLogoExists],
      async handle(_input, { req, res }) {
        res.setHeader('cache-control', 'public, max-age=604800, immutable');
        res.type('image/svg+xml').sendFile(path.join(deps.logosDir, String(req.params.file)));
        return answered;
      },
    },
    async createBrand({ body }, { req }) {
      const data = await createBrand(deps, body, req);
      deps.listedBrands.forget();
      return { success: true as const, message: doneMessage('Brand', 'created'), data };
    },
    async updateBrand({ params, body }, { req }) {
      const data = await updateBrand(deps, params.id, body, req);
      deps.listedBrands.forget();
      return { message: doneMessage('Brand', 'updated'), data };
    },
    async deleteBrand({ params }) {
      const data = await deleteBrand(deps, params.id);
      deps.listedBrands.forget();
      return { message: doneMessage('Brand', 'deleted'), data };
    },
  };
}
