import { describe, expect, it } from 'vitest';
import type { UserRow } from '../src/data/store';
import {
  generateOtp,
  hashSecret,
  otpFromNumber,
  verifySecret,
  verifySecretOrDummy,
} from '../src/domain/secrets';
import { profileChanges, takenField, toApiUser } from '../src/domain/users';

const row = (over: Partial<UserRow> = {}): UserRow => ({
  id: '7b0c2c1e-7a0e-4d7e-9d5e-2a4b1c0d9e8f',
  name: 'Asha',
  username: 'asha',
  email: 'asha@example.in',
  phoneNumber: '9876543210',
  passwordHash: '$argon2id$v=19$secret',
  role: 'User',
  verified: true,
  profile: null,
  googleSub: null,
  facebookId: null,
  sessionVersion: 0,
  emailVerified: false,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
  ...over,
});

describe('secrets', () => {
  it('checks a missing hash against a dummy one: false, in about the time of a wrong password (issue 20)', async () => {
    const real = await hashSecret('safeRide42');
    expect(await verifySecretOrDummy(real, 'safeRide42')).toBe(true);
    expect(await verifySecretOrDummy(real, 'wrong1234')).toBe(false);
    expect(await verifySecretOrDummy(undefined, 'safeRide42')).toBe(false);
    expect(await verifySecretOrDummy(null, 'dummy-password-for-timing-only')).toBe(false);
    const time = async (fn: () => Promise<unknown>) => {
      const start = performance.now();
      await fn();
      return performance.now() - start;
    };
    let wrong = 0;
    let missing = 0;
    for (let i = 0; i < 5; i++) {
      wrong += await time(() => verifySecretOrDummy(real, 'wrong1234'));
      missing += await time(() => verifySecretOrDummy(undefined, 'wrong1234'));
    }
    expect(missing / wrong).toBeGreaterThan(0.5);
  });

  it('makes 6-digit codes and restores leading zeros of a code sent as a number', () => {
    for (let i = 0; i < 50; i++) expect(generateOtp()).toMatch(/^\d{6}$/);
    expect(otpFromNumber(4821)).toBe('004821');
    expect(otpFromNumber(123456)).toBe('123456');
  });

  it('hashes with argon2id and verifies only the right secret', async () => {
    const hashed = await hashSecret('safeRide42');
    expect(hashed).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(hashed, 'safeRide42')).toBe(true);
    expect(await verifySecret(hashed, 'safeRide43')).toBe(false);
    expect(await verifySecret('not-a-hash', 'x')).toBe(false);
  });
});

describe('users', () => {
  it('never exposes hashes or provider ids, and gives a default avatar', () => {
    const api = toApiUser(row());
    expect(api).toEqual({
      _id: '7b0c2c1e-7a0e-4d7e-9d5e-2a4b1c0d9e8f',
      name: 'Asha',
      role: 'User',
      profile: '/api/auth/avatar/default.svg',
      email: 'asha@example.in',
      phone_number: '9876543210',
      username: 'asha',
      createdAt: '2026-01-01T00:00:00.000Z',
      emailVerified: false,
    });
  });

  it('keeps only the profile changes that differ from the stored row', () => {
    const photo = '/api/storage/images/cars-1';
    expect(profileChanges(row(), { name: 'Asha' })).toEqual({ changes: {}, fields: [] });
    expect(profileChanges(row(), { name: 'Asha R.' })).toEqual({
      changes: { name: 'Asha R.' },
      fields: ['name'],
    });
    expect(profileChanges(row(), { name: 'Asha', profile: photo })).toEqual({
      changes: { profile: photo },
      fields: ['profile'],
    });
    expect(profileChanges(row({ profile: photo }), { profile: null })).toEqual({
      changes: { profile: null },
      fields: ['profile'],
    });
    expect(profileChanges(row(), { profile: null })).toEqual({ changes: {}, fields: [] });
    expect(profileChanges(row(), { name: 'B', profile: photo }).fields).toEqual(['name', 'profile']);
    expect(toApiUser(row({ profile: photo })).profile).toBe(photo);
  });

  it('names the identifier that is taken, e-mail first', () => {
    const existing = [row(), row({ email: 'other@example.in', username: 'ravi', phoneNumber: '9000000001' })];
    expect(takenField(existing, { email: 'asha@example.in', username: 'ravi' })).toBe('email');
    expect(takenField(existing, { email: 'new@example.in', username: 'ravi' })).toBe('username');
    expect(
      takenField(existing, { email: 'new@example.in', username: 'new', phoneNumber: '9000000001' }),
    ).toBe('phone_number');
    expect(
      takenField(existing, { email: 'new@example.in', username: 'new', phoneNumber: '9111111111' }),
    ).toBeUndefined();
  });
});
