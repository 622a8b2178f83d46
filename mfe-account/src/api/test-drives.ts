/**
 * Test-drive calls of the account remote (spec §7 "Test drives"), by operation id through `callOperation`;
 * failures toast the server's message.
 */
import type { TestDrive } from '@marketplace/contracts';
import { callOperation } from '@marketplace/ui';

/** `listTestDriveSlots` (`GET /api/testDrive/slots?car=&date=`): the open start times `HH:MM` of the car on that day. */
export async function openSlots(car: string, date: string): Promise<string[]> {
  const { data } = await callOperation('listTestDriveSlots', { query: { car, date } }, { background: true });
  return data.data.slots;
}

/** `bookTestDrive` (`POST /api/testDrive`): books a slot (status Pending). */
export async function createTestDrive(
  car: string,
  appointmentDate: string,
  appointmentTime: string,
): Promise<TestDrive> {
  const { data } = await callOperation('bookTestDrive', { body: { car, appointmentDate, appointmentTime } });
  return data.data;
}

/** `listMyTestDrives` (`GET /api/testDrive`): the signed-in user's bookings. */
export async function listTestDrives(): Promise<TestDrive[]> {
  const { data } = await callOperation('listMyTestDrives');
  return data.data;
}

/**
 * `rescheduleTestDrive` (`PUT /api/testDrive/{id}`): moves a booking to another date and time (spec §3:
 * only these change; `id` and `car` go along as the spec's client sends them). Resolves with the booking.
 */
export async function updateTestDrive(
  drive: TestDrive,
  appointmentDate: string,
  appointmentTime: string,
): Promise<TestDrive> {
  const { data } = await callOperation('rescheduleTestDrive', {
    params: { id: drive._id },
    body: { appointmentDate, appointmentTime, id: drive._id, car: drive.car._id },
  });
  return data;
}

/** `cancelTestDrive` (`DELETE /api/testDrive/{id}`). */
export async function deleteTestDrive(id: string): Promise<void> {
  await callOperation('cancelTestDrive', { params: { id } });
}
