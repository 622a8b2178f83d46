/** Test-drive calls of the account remote (spec §7 "Test drives"); failures toast the server's message. */
import type { TestDrive, TestDriveSlotsResponse } from '@marketplace/contracts';
import { api } from '@marketplace/ui';

/** `GET /api/testDrive/slots?car=&date=`: the open start times `HH:MM` of the car on that day. */
export async function openSlots(car: string, date: string): Promise<string[]> {
  const { data } = await api.get<TestDriveSlotsResponse>('/api/testDrive/slots', {
    params: { car, date },
    background: true,
  });
  return data.data.slots;
}

/** `POST /api/testDrive`: books a slot (status Pending). */
export async function createTestDrive(car: string, appointmentDate: string, appointmentTime: string) {
  const { data } = await api.post<{ data: TestDrive }>('/api/testDrive', {
    car,
    appointmentDate,
    appointmentTime,
  });
  return data.data;
}

/** `GET /api/testDrive`: the signed-in user's bookings. */
export async function listTestDrives(): Promise<TestDrive[]> {
  const { data } = await api.get<{ data: TestDrive[] }>('/api/testDrive');
  return data.data;
}

/** `PUT /api/testDrive/{id}`: moves a booking to another date and time (spec §3: only these change). */
export async function updateTestDrive(drive: TestDrive, appointmentDate: string, appointmentTime: string) {
  const { data } = await api.put<TestDrive>(`/api/testDrive/${drive._id}`, {
    appointmentDate,
    appointmentTime,
    id: drive._id,
    car: drive.car._id,
  });
  return data;
}

/** `DELETE /api/testDrive/{id}`. */
export async function deleteTestDrive(id: string): Promise<void> {
  await api.delete(`/api/testDrive/${id}`);
}
