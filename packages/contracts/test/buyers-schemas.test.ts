/** The buyers' schemas (issue 24): the saved search's query is validated like `GET /api/cars` and kept canonical. */
import { describe, expect, it } from 'vitest';
import { savedSearchBody, shortlistParams, unsubscribeQuery } from '../src/index';

const body = (query: unknown, extra: Record<string, unknown> = {}) =>
  savedSearchBody.safeParse({
    name: 'Diesel in Pune',
    query,
    channels: ['email'],
    frequency: 'instant',
    ...extra,
  });

const message = (r: ReturnType<typeof body>) => (r.success ? undefined : r.error.issues[0]?.message);

describe('savedSearchBody', () => {
  it('keeps only the filters, in their canonical order, from a query string with or without ?', () => {
    const r = body('?page=3&city=Pune&sort=price_asc&fuelTypes=Diesel&price=0-800000&foo=1');
    expect(r.success && r.data.query).toBe('fuelTypes=Diesel&price=0-800000&city=Pune');
    expect(body('city=Pune').success && body('city=Pune').data).toMatchObject({ query: 'city=Pune' });
  });

  it('answers a bad filter with a message naming the parameter', () => {
    expect(message(body('price=cheap'))).toMatch(/^query: .*price/);
    expect(message(body('fuelTypes=Steam'))).toMatch(/^query: .*fuelTypes/);
  });

  it('needs at least one filter, a channel and a known frequency', () => {
    expect(message(body('page=2&sort=newest'))).toMatch(/^query must set at least one of searchTerm/);
    expect(message(body('city=Pune', { channels: [] }))).toMatch(/channels/);
    expect(message(body('city=Pune', { channels: ['fax'] }))).toMatch(/channels/);
    expect(message(body('city=Pune', { frequency: 'weekly' }))).toMatch(/frequency/);
  });

  it('keeps each channel once', () => {
    const r = body('city=Pune', { channels: ['sms', 'email', 'sms'] });
    expect(r.success && r.data.channels).toEqual(['sms', 'email']);
  });
});

describe('shortlist and unsubscribe inputs', () => {
  it('name the field they refuse', () => {
    const car = shortlistParams.safeParse({ carId: '' });
    expect(car.success ? '' : car.error.issues[0]?.message).toMatch(/carId/);
    const token = unsubscribeQuery.safeParse({});
    expect(token.success ? '' : token.error.issues[0]?.message).toMatch(/token/);
  });
});
