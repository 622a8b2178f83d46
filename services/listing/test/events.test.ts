/**
 * The listing service's consumers (events.ts) on an in-memory PGlite with the service's migrations,
 * through the platform's consumer runtime (inbox dedupe, events emitted in the handler's transaction).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EventPayloads, events, makeEvent } from '@marketplace/contracts';
import { createOutbox, queryRows } from '@marketplace/platform';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriber, useMigratedDatabase } from '../../../test-support/consumers';
import { carStore, type NewCar, tables } from '../src/data/store';
import { referenceNamesConsumer, userDeletedConsumer } from '../src/events/consumers';
import { emitCarSaved } from '../src/events/publish';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
const database = useMigratedDatabase('listing', migrationsFolder);
const subscribe = subscriber(database, tables);

/** Registration numbers: one per car, as different sellers may not share one (issue 20). */
let regSeq = 0;

function newCar(sellerId: string, over: Partial<NewCar> = {}): NewCar {
  return {
    sellerId,
    brandId: randomUUID(),
    brandName: 'Tata',
    modelId: randomUUID(),
    modelName: 'Nexon',
    variantId: randomUUID(),
    variantName: 'XZ',
    manufacturerYear: 2021,
    condition: 'good',
    fuelType: 'Diesel',
    transmission: 'Manual',
    status: 'used',
    stateId: randomUUID(),
    rtoId: randomUUID(),
    price: 900000,
    description: null,
    location: { street: 'FC Road', city: 'Pune', state: 'Maharashtra', postal_code: '411004' },
    specifications: {
      regNumber: `MH-12-AB-${1000 + ++regSeq}`,
      spareKey: true,
      kmDriven: 30000,
      ownership: 'First',
    },
    history: [],
    images: [{ key: 'k', url: '/api/storage/images/k' }],
    ...over,
  };
}

async function deletedEvents(carIds: string[]) {
  const rows = await queryRows<{
    envelope: { payload: { carId: string; seller: string; deletedBy: string } };
  }>(database.db, sql`SELECT envelope FROM listing.outbox WHERE name = 'listing.car.deleted' ORDER BY seq`);
  return rows.map((r) => r.envelope.payload).filter((p) => carIds.includes(p.carId));
}

describe('emitCarSaved', () => {
  it('publishes the whole listing with the brand, model and variant names it was stored with', async () => {
    const outbox = createOutbox<EventPayloads>({ db: database.db, tables });
    const envelope = await outbox.transaction(async (tx, emit) => {
      const row = await carStore.insert(tx, newCar(randomUUID()));
      return { row, sent: (await emitCarSaved(emit, 'listing.car.created', row)) as { id: string } };
    });
    const [stored] = await queryRows<{ name: string; envelope: unknown }>(
      database.db,
      sql`SELECT name, envelope FROM listing.outbox WHERE id = ${envelope.sent.id}`,
    );
    expect(stored?.name).toBe('listing.car.created');
    const parsed = events['listing.car.created'].envelope.parse(stored?.envelope);
    expect(parsed.payload.names).toEqual({ brand: 'Tata', model: 'Nexon', variant: 'XZ' });
    expect(parsed.payload.car).toMatchObject({
      _id: envelope.row.id,
      seller: envelope.row.sellerId,
      price: 900000,
    });
  });
});

describe('auth.user.deleted consumer', () => {
  it("deletes the user's listings with one listing.car.deleted each, once, and nobody else's", async () => {
    const seller = randomUUID();
    const other = randomUUID();
    const admin = randomUUID();
    const mine = [
      await carStore.insert(database.db, newCar(seller)),
      await carStore.insert(database.db, newCar(seller)),
    ];
    const theirs = await carStore.insert(database.db, newCar(other));
    const event = makeEvent(
      'auth.user.deleted',
      { userId: seller, deletedBy: admin },
      { correlationId: 'c-1' },
    );
    const sub = subscribe(userDeletedConsumer());

    await sub.handle({ body: event, attempt: 1 });
    await sub.handle({ body: event, attempt: 2 }); // a redelivery changes nothing

    expect(await carStore.bySeller(database.db, seller)).toEqual([]);
    expect((await carStore.bySeller(database.db, other)).map((c) => c.id)).toEqual([theirs.id]);
    const emitted = await deletedEvents([...mine.map((c) => c.id), theirs.id]);
    expect(emitted).toHaveLength(2);
    expect(emitted).toEqual(
      expect.arrayContaining(mine.map((c) => ({ carId: c.id, seller, deletedBy: admin }))),
    );
  });

  it('dead-letters an event that fails its schema', async () => {
    const sub = subscribe(userDeletedConsumer());
    await expect(
      sub.handle({ body: { name: 'auth.user.deleted', payload: {} }, attempt: 1 }),
    ).rejects.toThrow(/invalid event/);
  });
});

describe('catalog.*.changed consumer', () => {
  it('renames the brand, model and variant kept on listings when the catalog renames them', async () => {
    const car = await carStore.insert(database.db, newCar(randomUUID()));
    const untouched = await carStore.insert(database.db, newCar(randomUUID()));
    const sub = subscribe(referenceNamesConsumer());
    const brand = { _id: car.brandId, name: 'Tata Motors', country: 'India', founded: 1945 };
    await sub.handle({
      body: makeEvent('catalog.brand.changed', { action: 'updated', brand }, { correlationId: 'c' }),
      attempt: 1,
    });
    await sub.handle({
      body: makeEvent(
        'catalog.model.changed',
        {
          action: 'updated',
          model: {
            _id: car.modelId,
            name: 'Nexon EV',
            year: 2017,
            fuelType: ['Diesel'],
            transmission: ['Manual'],
            carBrand: car.brandId,
          },
        },
        { correlationId: 'c' },
      ),
      attempt: 1,
    });
    await sub.handle({
      body: makeEvent(
        'catalog.variant.changed',
        {
          action: 'updated',
          variant: {
            _id: car.variantId,
            name: 'XZ Plus',
            fuelType: 'Diesel',
            transmission: 'Manual',
            features: [],
            carModel: car.modelId,
            carBrand: car.brandId,
          },
        },
        { correlationId: 'c' },
      ),
      attempt: 1,
    });
    // A deletion leaves the names alone (the catalog refuses to delete what cars use anyway).
    await sub.handle({
      body: makeEvent(
        'catalog.brand.changed',
        { action: 'deleted', brand: { ...brand, name: 'Gone' } },
        { correlationId: 'c' },
      ),
      attempt: 1,
    });
    const after = await carStore.byId(database.db, car.id);
    expect(after).toMatchObject({ brandName: 'Tata Motors', modelName: 'Nexon EV', variantName: 'XZ Plus' });
    expect(await carStore.byId(database.db, untouched.id)).toMatchObject({
      brandName: 'Tata',
      modelName: 'Nexon',
      variantName: 'XZ',
    });
  });
});
