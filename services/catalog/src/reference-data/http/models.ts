/**
 * Models (spec §7): `GET /api/carModel?brand=&year=&keyword=` → `{ data: [models] }` — `year` keeps the
 * models on sale in that year (launch year ≤ year ≤ last year); Admin-only POST, PUT, DELETE (409 while it
 * has variants or cars). Every write emits `catalog.model.changed`.
 */
import type { EventPayloads } from '@marketplace/contracts';
import {
  badRequest,
  conflict,
  type Db,
  notFound,
  type Outbox,
  onUniqueViolation,
} from '@marketplace/platform';
import { and, asc, eq, gte, ilike, isNull, lte, or } from 'drizzle-orm';
import { toApiModel } from '../../domain/serialize';
import { carDocs } from '../../search/schema';
import { brands, type ModelRow, models, variants } from '../../store';
import { isUuid, likePattern, publicCache } from './common';
import type { CatalogHandlers } from './handlers';

/** The change event's model (`catalog.model.changed` v1): `carBrand` as an id, no `brandName`. */
const eventModel = (m: ModelRow, brand: { id: string; name: string }) => {
  const { brandName: _, ...model } = toApiModel(m, brand);
  return model;
};

export function modelHandlers(
  db: Db,
  outbox: Outbox<EventPayloads>,
): CatalogHandlers<'listModels' | 'createModel' | 'updateModel' | 'deleteModel'> {
  async function brandOf(id: string) {
    const [row] = isUuid(id)
      ? await db.select({ id: brands.id, name: brands.name }).from(brands).where(eq(brands.id, id))
      : [];
    if (!row) throw badRequest('carBrand: no such brand');
    return row;
  }

  const save = <T>(name: string, fn: () => Promise<T>) =>
    onUniqueViolation(fn, () => conflict(`name: this brand already has a model named ${name}`));

  return {
    listModels: {
      before: [publicCache],
      async handle(input) {
        const { brand, year, keyword } = input.query;
        if (brand && !isUuid(brand)) return { data: [] };
        const rows = await db
          .select({ model: models, brand: { id: brands.id, name: brands.name } })
          .from(models)
          .innerJoin(brands, eq(brands.id, models.brandId))
          .where(
            and(
              brand ? eq(models.brandId, brand) : undefined,
              year
                ? and(lte(models.year, year), or(isNull(models.yearTo), gte(models.yearTo, year)))
                : undefined,
              keyword ? ilike(models.name, likePattern(keyword)) : undefined,
            ),
          )
          .orderBy(asc(brands.name), asc(models.name));
        return { data: rows.map((r) => toApiModel(r.model, r.brand)) };
      },
    },
    async createModel(input) {
      const body = input.body;
      if (body.yearTo !== undefined && body.yearTo < body.year)
        throw badRequest('yearTo must not be before year');
      const brand = await brandOf(body.carBrand);
      const row = await save(body.name, () =>
        outbox.transaction(async (tx, emit) => {
          const [created] = await tx
            .insert(models)
            .values({
              brandId: brand.id,
              name: body.name,
              year: body.year,
              yearTo: body.yearTo ?? null,
              bodyType: body.bodyType ?? null,
              fuelTypes: body.fuelType,
              transmissions: body.transmission,
            })
            .returning();
          await emit('catalog.model.changed', { action: 'created', model: eventModel(created!, brand) });
          return created!;
        }),
      );
      return { message: 'Model successfully created.', data: toApiModel(row, brand) };
    },
    async updateModel(input) {
      const { id } = input.params;
      const body = input.body;
      const [current] = isUuid(id) ? await db.select().from(models).where(eq(models.id, id)) : [];
      if (!current) throw notFound('Model not found.');
      if (body.carBrand && body.carBrand !== current.brandId)
        throw badRequest('carBrand: a model cannot move to another brand');
      const year = body.year ?? current.year;
      const yearTo = body.yearTo ?? current.yearTo;
      if (yearTo !== null && yearTo < year) throw badRequest('yearTo must not be before year');
      const brand = await brandOf(current.brandId);
      const row = await save(body.name ?? current.name, () =>
        outbox.transaction(async (tx, emit) => {
          const [updated] = await tx
            .update(models)
            .set({
              name: body.name ?? current.name,
              year,
              yearTo,
              bodyType: body.bodyType ?? current.bodyType,
              fuelTypes: body.fuelType ?? current.fuelTypes,
              transmissions: body.transmission ?? current.transmissions,
            })
            .where(eq(models.id, id))
            .returning();
          await emit('catalog.model.changed', { action: 'updated', model: eventModel(updated!, brand) });
          return updated!;
        }),
      );
      return { message: 'Model successfully updated.', data: toApiModel(row, brand) };
    },
    async deleteModel(input) {
      const { id } = input.params;
      const [current] = isUuid(id) ? await db.select().from(models).where(eq(models.id, id)) : [];
      if (!current) throw notFound('Model not found.');
      const brand = await brandOf(current.brandId);
      await outbox.transaction(async (tx, emit) => {
        const [variant] = await tx
          .select({ id: variants.id })
          .from(variants)
          .where(eq(variants.modelId, id))
          .limit(1);
        if (variant) throw conflict('This model still has variants. Delete its variants first.');
        const [car] = await tx
          .select({ id: carDocs.id })
          .from(carDocs)
          .where(eq(carDocs.modelId, id))
          .limit(1);
        if (car) throw conflict('Cars of this model are listed, so it cannot be deleted.');
        await tx.delete(models).where(eq(models.id, id));
        await emit('catalog.model.changed', { action: 'deleted', model: eventModel(current, brand) });
      });
      return { message: 'Model successfully deleted.', data: toApiModel(current, brand) };
    },
  };
}
