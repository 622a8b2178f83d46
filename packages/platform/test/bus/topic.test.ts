import { describe, expect, it } from 'vitest';
import { topicMatches } from '../../src/bus/inprocess';

describe('topicMatches (AMQP topic semantics)', () => {
  it.each([
    ['auth.otp.requested', 'auth.otp.requested', true],
    ['auth.otp.requested', 'auth.otp.verified', false],
    ['auth.otp', 'auth.otp.requested', false],
    ['listing.*', 'listing.created', true],
    ['listing.*', 'listing.photo.added', false],
    ['listing.*', 'listing', false],
    ['*.created', 'listing.created', true],
    ['*.created', 'created', false],
    ['*.*.requested', 'auth.otp.requested', true],
    ['listing.#', 'listing', true],
    ['listing.#', 'listing.created', true],
    ['listing.#', 'listing.photo.added', true],
    ['listing.#', 'listings.created', false],
    ['#', 'anything.at.all', true],
    ['#', 'x', true],
    ['#.added', 'listing.photo.added', true],
    ['#.added', 'added', true],
    ['#.added', 'listing.added.not', false],
    ['a.#.z', 'a.z', true],
    ['a.#.z', 'a.b.c.z', true],
    ['a.#.z', 'a.b.c', false],
    ['a.*.#', 'a', false],
    ['a.*.#', 'a.b', true],
    ['a.*.#', 'a.b.c.d', true],
    ['#.#', 'a.b', true],
    ['a.b', 'a.b.', false],
  ])('%s vs %s → %s', (pattern, key, expected) => {
    expect(topicMatches(pattern, key)).toBe(expected);
  });
});
