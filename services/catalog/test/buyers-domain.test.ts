/**
 * The buyers' pure rules (issue 24): a car matches a saved search as the car search would find it, the
 * daily digest is due from 09:00 India time, and unsubscribe tokens verify only when signed by us.
 */
import { carSearchQuery } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';
import { digestDayDue } from '../src/buyers/domain/digest-time';
import { type MatchedCar, matchesSearch } from '../src/buyers/domain/matches-search';
import { signUnsubscribeToken, verifyUnsubscribeToken } from '../src/buyers/domain/unsubscribe-token';

const BRAND = '0b6f3a52-6c1e-4f0a-9a57-3b1f1d0c2e11';
const MODEL = '5d0c9a1e-2b7f-4c3a-8e61-7a2f0b9c4d22';
const OTHER_MODEL = '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a';
const car: MatchedCar = {
  brandId: BRAND,
  modelId: MODEL,
  ownership: 'Second',
  fuelType: 'Diesel',
  transmission: 'Manual',
  bodyType: 'SUV',
  price: 800000,
  kmDriven: 42000,
  manufacturerYear: 2019,
  city: 'Pune',
  status: 'used',
  searchText: 'mahindra scorpio s11 pune',
};
const matches = (query: string, c: MatchedCar = car) =>
  matchesSearch(carSearchQuery.parse(Object.fromEntries(new URLSearchParams(query))), c);

describe('matchesSearch', () => {
  it('applies every filter like the search: lists, inclusive ranges, city ignoring case', () => {
    expect(matches('fuelTypes=Diesel&price=0-800000&city=Pune')).toBe(true);
    expect(matches('fuelTypes=Diesel&price=0-799999&city=Pune')).toBe(false);
    expect(matches('city=PUNE')).toBe(true);
    expect(matches('city=Mumbai')).toBe(false);
    expect(matches('fuelTypes=Petrol,Electric')).toBe(false);
    expect(matches(`brands=${BRAND}`)).toBe(true);
    expect(matches('brands=not-a-uuid')).toBe(false);
    expect(matches('bodyTypes=SUV&transmissions=Manual&kmDriven=-42000&years=2019-')).toBe(true);
    expect(matches('years=2020-')).toBe(false);
    expect(matches('bodyTypes=SUV', { ...car, bodyType: null })).toBe(false);
    expect(matches('city=Pune', { ...car, status: 'sold' })).toBe(false);
  });

  it('applies models and owners like the search (issue 25), with every other filter by AND', () => {
    expect(matches(`models=${MODEL}`)).toBe(true);
    expect(matches(`models=${OTHER_MODEL},${MODEL.toUpperCase()}`)).toBe(true);
    expect(matches(`models=${OTHER_MODEL}`)).toBe(false);
    expect(matches('models=not-a-uuid')).toBe(false);
    expect(matches('owners=2')).toBe(true);
    expect(matches('owners=1,3%2B')).toBe(false);
    expect(matches('owners=1,2')).toBe(true);
    for (const ownership of ['Third', 'Fourth', 'More than Four']) {
      expect(matches('owners=3%2B', { ...car, ownership }), ownership).toBe(true);
      expect(matches('owners=1,2', { ...car, ownership }), ownership).toBe(false);
    }
    expect(matches('owners=1', { ...car, ownership: 'First' })).toBe(true);
    expect(matches('owners=1,2,3%2B', { ...car, ownership: null })).toBe(false);
    expect(matches(`models=${MODEL}&owners=2&brands=${BRAND}&fuelTypes=Diesel&city=pune&price=-800000`)).toBe(
      true,
    );
    expect(matches(`models=${MODEL}&owners=2&years=2020-`)).toBe(false);
    expect(matches(`models=${MODEL}&owners=1&city=Pune`)).toBe(false);
    expect(matches(`models=${OTHER_MODEL}&owners=2&city=Pune`)).toBe(false);
    expect(matches(`models=${MODEL}&owners=2`, { ...car, status: 'sold' })).toBe(false);
  });

  it('matches every search word as a substring or a typo of the car’s text', () => {
    expect(matches('searchTerm=scorpio pune')).toBe(true);
    expect(matches('searchTerm=mahindr')).toBe(true);
    const creta = { ...car, searchText: 'hyundai creta sx pune' };
    expect(matches('searchTerm=hundai cretta', creta)).toBe(true);
    expect(matches('searchTerm=crysta', creta)).toBe(false);
    expect(matches('searchTerm=scorpio delhi')).toBe(false);
  });
});

describe('digestDayDue', () => {
  it('is the India date from 09:00 Asia/Kolkata on', () => {
    expect(digestDayDue(new Date('2026-03-10T03:29:59Z'))).toBeUndefined();
    expect(digestDayDue(new Date('2026-03-10T03:30:00Z'))).toBe('2026-03-10');
    expect(digestDayDue(new Date('2026-03-10T18:29:00Z'))).toBe('2026-03-10');
    expect(digestDayDue(new Date('2026-03-10T18:30:00Z'))).toBeUndefined();
    expect(digestDayDue(new Date('2026-03-11T03:30:00Z'), '08:00')).toBe('2026-03-11');
  });
});

describe('unsubscribe tokens', () => {
  const secret = 'a-test-secret-of-at-least-32-bytes';
  it('verify only when signed with the secret and well formed', () => {
    const search = signUnsubscribeToken(secret, { k: 'search', id: 'abc' });
    expect(verifyUnsubscribeToken(secret, search)).toEqual({ k: 'search', id: 'abc' });
    const price = signUnsubscribeToken(secret, { k: 'price', u: 'u1', c: 'c1' });
    expect(verifyUnsubscribeToken(secret, price)).toEqual({ k: 'price', u: 'u1', c: 'c1' });
    expect(verifyUnsubscribeToken('another-secret-of-32-bytes-at-least', search)).toBeUndefined();
    const [payload, mac] = search.split('.');
    const forged = Buffer.from(JSON.stringify({ k: 'search', id: 'xyz' })).toString('base64url');
    expect(verifyUnsubscribeToken(secret, `${forged}.${mac}`)).toBeUndefined();
    for (const bad of ['', 'x', `${payload}.`, `${payload}.${mac}.x`, `.${mac}`]) {
      expect(verifyUnsubscribeToken(secret, bad)).toBeUndefined();
    }
    const odd = signUnsubscribeToken(secret, { k: 'other' } as never);
    expect(verifyUnsubscribeToken(secret, odd)).toBeUndefined();
  });
});
