import { describe, expect, it } from 'vitest';
import { type EventOf, eventNames, events, makeEvent, parseEvent, subscribedTo } from '../src/index';

const ID = '7f0c1c6e-4b7a-4e43-9d7d-2c0e0b0a0a01';

const otpEvent = {
  name: 'auth.otp.requested',
  version: 1,
  id: '3b241101-e2bb-4255-8caf-4136c566a962',
  occurredAt: '2026-11-01T10:00:00.000Z',
  correlationId: 'req-1',
  payload: {
    userId: ID,
    phone_number: '9876543210',
    email: 'a@b.in',
    otpSealed: 'v1.aXY.Ym9keQ.dGFn',
    expiresAt: '2026-11-01T10:10:00.000Z',
    purpose: 'register',
  },
};

describe('events', () => {
  it('keys every registry entry by its envelope name', () => {
    expect(eventNames).toHaveLength(22);
    for (const name of eventNames) {
      expect(events[name].envelope.shape.name.value).toBe(name);
      expect(events[name].envelope.shape.version.value).toBe(events[name].version);
    }
  });

  it('accepts a valid envelope and narrows by name', () => {
    const r = parseEvent(otpEvent);
    expect(r.success).toBe(true);
    if (r.success && r.data.name === 'auth.otp.requested') {
      const e: EventOf<'auth.otp.requested'> = r.data;
      expect(e.payload.otpSealed).toBe('v1.aXY.Ym9keQ.dGFn');
    }
  });

  it('rejects a wrong version', () => {
    const r = parseEvent({ ...otpEvent, version: 2 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['version']);
    expect(r.error?.issues[0]?.message).toContain('version');
  });

  it('rejects an unknown or missing name', () => {
    for (const raw of [
      { ...otpEvent, name: 'auth.user.exploded' },
      { ...otpEvent, name: undefined },
      null,
      'x',
    ]) {
      const r = parseEvent(raw);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(['name']);
    }
  });

  it('rejects a missing id, a bad timestamp and a bad payload', () => {
    const { id: _id, ...noId } = otpEvent;
    expect(parseEvent(noId).error?.issues[0]?.path).toEqual(['id']);
    expect(parseEvent({ ...otpEvent, id: 'not-a-uuid' }).success).toBe(false);
    expect(parseEvent({ ...otpEvent, occurredAt: 'yesterday' }).success).toBe(false);
    expect(parseEvent({ ...otpEvent, payload: { ...otpEvent.payload, otpSealed: '004821' } }).success).toBe(
      false,
    );
  });

  it('builds valid events with makeEvent', () => {
    const e = makeEvent(
      'listing.car.deleted',
      { carId: ID, seller: ID, deletedBy: ID },
      { correlationId: 'req-2' },
    );
    expect(e).toMatchObject({ name: 'listing.car.deleted', version: 1, correlationId: 'req-2' });
    expect(parseEvent(e).success).toBe(true);
    expect(() =>
      makeEvent('listing.car.deleted', { carId: ID } as never, { correlationId: 'req-3' }),
    ).toThrow();
  });

  it('parses a test-drive status change', () => {
    const testDrive = {
      _id: ID,
      car: { _id: ID, seller: ID, brand: { name: 'Tata' }, model: { name: 'Nexon' } },
      user: ID,
      appointmentDate: '2026-12-01',
      appointmentTime: '10:30',
      status: 'Confirmed' as const,
    };
    const e = makeEvent(
      'testdrive.status_changed',
      { testDrive, previousStatus: 'Pending', changedBy: ID },
      { correlationId: 'c' },
    );
    expect(parseEvent(e).success).toBe(true);
  });

  it("declares a consumer's events once: its bindings and a schema that takes exactly those events", () => {
    const one = subscribedTo('auth.otp.requested');
    expect(one.events).toEqual(['auth.otp.requested']);
    expect(one.schema.safeParse(otpEvent).success).toBe(true);
    const deleted = makeEvent(
      'listing.car.deleted',
      { carId: ID, seller: ID, deletedBy: ID },
      { correlationId: 'c' },
    );
    expect(one.schema.safeParse(deleted).success).toBe(false);

    const several = subscribedTo('listing.car.deleted', 'auth.otp.requested');
    expect(several.events).toEqual(['listing.car.deleted', 'auth.otp.requested']);
    expect(several.schema.safeParse(deleted).success).toBe(true);
    expect(several.schema.safeParse(otpEvent).success).toBe(true);
    const otherEvent = makeEvent('catalog.car.removed', { carId: ID }, { correlationId: 'c' });
    expect(several.schema.safeParse(otherEvent).success).toBe(false);
    expect(several.schema.safeParse({ ...deleted, payload: { carId: 'not-a-uuid' } }).success).toBe(false);
  });
});
