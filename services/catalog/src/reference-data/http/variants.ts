/**
 * Variants (spec §7): `GET /api/carVariant?brand=&fuelType=&model=&transmission=&keyword=` →
 * `{ data: [variants] }`; Admin-only POST, PUT and `DELETE /api/carVariant/{id}` (409 while cars use it).
 * A variant's fuelType and transmission must be among its model's; features are trimmed, blanks dropped.
 * Every write emits `catalog.variant.changed`.
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
import { and, asc, eq, ilike } from 'drizzle-orm';
import { cleanFeatures, toApiVariant } from '../../domain/serialize';
import { carDocs } from '../../search/schema';
import { brands, models, type VariantRow, variants } from '../../store';
import { isUuid, likePattern, publicCache } from './common';
import type { CatalogHandlers } from './handlers';

type Ref = { id: string; name: string };
/** The change event's variant (`catalog.variant.changed` v1): `carModel`, `carBrand` as ids, no `brandName`. */
const eventVariant = (v: VariantRow, model: Ref, brand: Ref) => {
  const { brandName: _, ...variant } = toApiVariant(v, model, brand);
  return { ...variant, carModel: model.id };
};

export function variantHandlers(
  db: Db,
  outbox: Outbox<EventPayloads>,
): CatalogHandlers<'listVariants' | 'createVariant' | 'updateVariant' | 'deleteVariant'> {
  /** The model and brand of a variant; @throws 400 when missing or when the model is not the brand's. */
  async function parentsOf(modelId: string, brandId: string) {
    const [row] = isUuid(modelId)
      ? await db
          .select({ model: models, brand: { id: brands.id, name: brands.name } })
          .from(models)
          .innerJoin(brands, eq(brands.id, models.brandId))
          .where(eq(models.id, modelId))
      : [];
    if (!row) throw badRequest('carModel: no such model');
    if (row.brand.id !== brandId) throw badRequest('carModel: the model does not belong to carBrand');
    return row;
  }

  function assertOfModel(
    fuelType: string,
    transmission: string,
    model: { fuelTypes: string[]; transmissions: string[] },
  ) {
    if (!model.fuelTypes.includes(fuelType))
      throw badRequest(`fuelType must be one of the model's: ${model.fuelTypes.join(', ')}`);
    if (!model.transmissions.includes(transmission)) {
      throw badRequest(`transmission must be one of the model's: ${model.transmissions.join(', ')}`);
    }
  }

  const save = <T>(name: string, fn: () => Promise<T>) =>
    onUniqueViolation(fn, () =>
      conflict(`name: this model already has a variant named ${name} with that fuel and transmission`),
    );

  return {
    listVariants: {
      before: [publicCache],
      async handle(input) {
        const q = input.query;
        if ((q.brand && !isUuid(q.brand)) || (q.model && !isUuid(q.model))) return { data: [] };
        const rows = await db
          .select({
            variant: variants,
            model: { id: models.id, name: models.name },
            brand: { id: brands.id, name: brands.name },
          })
          .from(variants)
          .innerJoin(models, eq(models.id, variants.modelId))
          .innerJoin(brands, eq(brands.id, variants.brandId))
          .where(
            and(
              q.brand ? eq(variants.brandId, q.brand) : undefined,
              q.model ? eq(variants.modelId, q.model) : undefined,
              q.fuelType ? eq(variants.fuelType, q.fuelType) : undefined,
              q.transmission ? eq(variants.transmission, q.transmission) : undefined,
              q.keyword ? ilike(variants.name, likePattern(q.keyword)) : undefined,
            ),
          )
          .orderBy(asc(brands.name), asc(models.name), asc(variants.name));
        return { data: rows.map((r) => toApiVariant(r.variant, r.model, r.brand)) };
      },
    },
    async createVariant(input) {
      const body = input.body;
      const { model, brand } = await parentsOf(body.carModel, body.carBrand);
      assertOfModel(body.fuelType, body.transmission, model);
      const row = await save(body.name, () =>
        outbox.transaction(async (tx, emit) => {
          const [created] = await tx
            .insert(variants)
            .values({
              modelId: model.id,
              brandId: brand.id,
              name: body.name,
              fuelType: body.fuelType,
              transmission: body.transmission,
              features: cleanFeatures(body.features),
              description: body.description ?? null,
            })
            .returning();
          await emit('catalog.variant.changed', {
            action: 'created',
            variant: eventVariant(created!, model, brand),
          });
          return created!;
        }),
      );
      return { message: 'Variant successfully created.', data: toApiVariant(row, model, brand) };
    },
    async updateVariant(input) {
      const { id } = input.params;
      const body = input.body;
      const [current] = isUuid(id) ? await db.select().from(variants).where(eq(variants.id, id)) : [];
      if (!current) throw notFound('Variant not found.');
      if (body.carModel && body.carModel !== current.modelId)
        throw badRequest('carModel: a variant cannot move to another model');
      if (body.carBrand && body.carBrand !== current.brandId)
        throw badRequest('carBrand: a variant cannot move to another brand');
      const { model, brand } = await parentsOf(current.modelId, current.brandId);
      const fuelType = body.fuelType ?? current.fuelType;
      const transmission = body.transmission ?? current.transmission;
      assertOfModel(fuelType, transmission, model);
      const row = await save(body.name ?? current.name, () =>
        outbox.transaction(async (tx, emit) => {
          const [updated] = await tx
            .update(variants)
            .set({
              name: body.name ?? current.name,
              fuelType,
              transmission,
              features: body.features ? cleanFeatures(body.features) : current.features,
              description: body.description ?? current.description,
            })
            .where(eq(variants.id, id))
            .returning();
          await emit('catalog.variant.changed', {
            action: 'updated',
            variant: eventVariant(updated!, model, brand),
          });
          return updated!;
        }),
      );
      return { message: 'Variant successfully updated.', data: toApiVariant(row, model, brand) };
    },
    async deleteVariant(input) {
      const { id } = input.params;
      const [current] = isUuid(id) ? await db.select().from(variants).where(eq(variants.id, id)) : [];
      if (!current) throw notFound('Variant not found.');
      const { model, brand } = await parentsOf(current.modelId, current.brandId);
      await outbox.transaction(async (tx, emit) => {
        const [car] = await tx
          .select({ id: carDocs.id })
          .from(carDocs)
          .where(eq(carDocs.variantId, id))
          .limit(1);
        if (car) throw conflict('Cars of this variant are listed, so it cannot be deleted.');
        await tx.delete(variants).where(eq(variants.id, id));
        await emit('catalog.variant.changed', {
          action: 'deleted',
          variant: eventVariant(current, model, brand),
        });
      });
      return { message: 'Variant successfully deleted.', data: toApiVariant(current, model, brand) };
    },
  };
}
