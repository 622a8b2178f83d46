/** The test-drive schemas (issue 7): bookings, their updates and status, a booking as read. */
import { describe, expect, it } from 'vitest';
import { testDrive, testDriveCreateBody, testDriveStatusBody, testDriveUpdateBody } from '../src/index';
import { expectRejected, ID } from './schema-helpers';

describe('test drives', () => {
  it('validates bookings', () => {
    expect(
      testDriveCreateBody.parse({ car: ID, appointmentDate: '2026-12-01', appointmentTime: '14:30' }),
    ).toBeTruthy();
    expect(
      testDriveCreateBody.parse({
        car: ID,
        appointmentDate: '2026-11-30T18:30:00.000Z',
        appointmentTime: '10:49',
      }).appointmentDate,
    ).toBe('2026-12-01');
    expectRejected(
      testDriveCreateBody,
      { car: ID, appointmentDate: '01-12-2026', appointmentTime: '14:30' },
      'appointmentDate',
    );
    expectRejected(
      testDriveCreateBody,
      { car: ID, appointmentDate: '2026-02-30', appointmentTime: '14:30' },
      'appointmentDate',
    );
    expectRejected(
      testDriveCreateBody,
      { car: ID, appointmentDate: '2026-12-01', appointmentTime: '2:30 PM' },
      'appointmentTime',
    );
    expectRejected(
      testDriveCreateBody,
      { car: ID, appointmentDate: '2026-12-01', appointmentTime: '24:00' },
      'appointmentTime',
    );
    expectRejected(testDriveCreateBody, { appointmentDate: '2026-12-01', appointmentTime: '10:00' }, 'car');
    expect(
      testDriveUpdateBody.parse({ appointmentDate: '2026-12-02', appointmentTime: '09:00', id: ID, car: ID }),
    ).toMatchObject({ appointmentTime: '09:00' });
    const car = { _id: ID, brand: { name: 'Tata' }, model: { name: 'Nexon' } };
    expect(
      testDriveUpdateBody.parse({ appointmentDate: '2026-12-02', appointmentTime: '10:49', id: ID, car }).car,
    ).toBe(ID);
    expectRejected(
      testDriveUpdateBody,
      { appointmentDate: '2026-12-02', appointmentTime: '10:49', car: {} },
      'car',
    );
    expect(testDriveStatusBody.parse({ status: 'Confirmed' })).toEqual({ status: 'Confirmed' });
    expectRejected(testDriveStatusBody, { status: 'Pending' }, 'status');
  });

  it('describes a booking as read', () => {
    const t = {
      _id: ID,
      car: { _id: ID, brand: { name: 'Tata' }, model: { name: 'Nexon' } },
      user: ID,
      appointmentDate: '2026-12-01',
      appointmentTime: '14:30',
      status: 'Pending',
    };
    expect(testDrive.parse(t).status).toBe('Pending');
    expect(testDrive.safeParse({ ...t, status: 'Done' }).success).toBe(false);
  });
});
