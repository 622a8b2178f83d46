/**
 * Test-drive bookings and their status (spec §7 "Test drives"; issues 7 and 19).
 */
import {
  idParams,
  messageResponse,
  TEST_DRIVE_CLOSING_TIME,
  TEST_DRIVE_MAX_DAYS_AHEAD,
  TEST_DRIVE_OPENING_TIME,
  TEST_DRIVE_SLOT_MINUTES,
  TEST_DRIVE_TIME_ZONE,
} from '../common';
import {
  testDriveCreateBody,
  testDriveCreateResponse,
  testDriveListQuery,
  testDriveListResponse,
  testDriveSlotsQuery,
  testDriveSlotsResponse,
  testDriveStatusBody,
  testDriveStatusResponse,
  testDriveUpdateBody,
  testDriveUpdateResponse,
} from '../test-drives';
import { defineOperations, error } from './define';

/** The booking rules, in the descriptions of the test-drive routes (issues 7 and 19). */
const TEST_DRIVE_RULES =
  `A test drive lasts ${TEST_DRIVE_SLOT_MINUTES} minutes and may start at any minute from ${TEST_DRIVE_OPENING_TIME} ` +
  `to ${TEST_DRIVE_SLOT_MINUTES} minutes before ${TEST_DRIVE_CLOSING_TIME}, every day (times \`HH:MM\` 24-hour); ` +
  `dates and times are India time (${TEST_DRIVE_TIME_ZONE}). The time must not have passed yet and the date must ` +
  `be at most ${TEST_DRIVE_MAX_DAYS_AHEAD} days after today. No two active (Pending or Confirmed) bookings of a ` +
  'car overlap, nor two of a user (409). The car must be for sale (status used) and not your own.';

/** Every operation of this area, keyed by operation id, in the order of the API document. */
export const testDriveOperations = defineOperations({
  // test drives (spec §7, issue 7)
  bookTestDrive: {
    method: 'post',
    path: '/api/testDrive',
    summary: 'Book a free test drive',
    description: TEST_DRIVE_RULES,
    tags: ['Test drives'],
    service: 'test-drive',
    access: 'user',
    request: { body: testDriveCreateBody },
    responses: {
      201: { description: 'Booked (status Pending)', schema: testDriveCreateResponse },
      400: error(
        'Invalid input: the date is in the past or too far ahead, or the time is outside opening hours or ' +
          'has passed (the message names the field)',
      ),
      403: error('The car is your own'),
      404: error('No such car'),
      409: error(
        'The car is no longer for sale, or is booked at an overlapping time, or you have another booking then',
      ),
      429: error('Too many bookings by this user; try again later'),
    },
  },
  listMyTestDrives: {
    method: 'get',
    path: '/api/testDrive',
    summary: "The signed-in user's bookings; keyword matches the car's name",
    description:
      'Ordered by appointment date and time. `keyword` matches brand, model or variant name, ignoring case.',
    tags: ['Test drives'],
    service: 'test-drive',
    access: 'user',
    request: { query: testDriveListQuery },
    responses: { 200: { description: 'Bookings', schema: testDriveListResponse } },
  },
  listTestDriveSlots: {
    method: 'get',
    path: '/api/testDrive/slots',
    summary: 'Open test-drive slots of a car on a date (for the booking form)',
    description:
      `The start times still bookable for \`car\` on \`date\`: every ${TEST_DRIVE_SLOT_MINUTES}-minute slot ` +
      `from ${TEST_DRIVE_OPENING_TIME} to the last one ending by ${TEST_DRIVE_CLOSING_TIME} ` +
      `(${TEST_DRIVE_TIME_ZONE}), minus slots already passed today and slots an active booking of the car ` +
      '(which may start at any minute) overlaps. ' +
      'Public; a date outside the bookable window answers 400 like a booking would.',
    tags: ['Test drives'],
    service: 'test-drive',
    access: 'public',
    request: { query: testDriveSlotsQuery },
    responses: {
      200: { description: 'Open slots', schema: testDriveSlotsResponse },
      404: error('No such car'),
      409: error('The car is no longer for sale'),
    },
  },
  listAllTestDrives: {
    method: 'get',
    path: '/api/testDrive/admin',
    summary: 'Every booking (Admin; issue 7)',
    tags: ['Test drives'],
    service: 'test-drive',
    access: 'admin',
    request: { query: testDriveListQuery },
    responses: { 200: { description: 'Bookings', schema: testDriveListResponse } },
  },
  listSellerTestDrives: {
    method: 'get',
    path: '/api/testDrive/seller',
    summary: "Bookings for the signed-in seller's cars (issue 7; path chosen by this contract)",
    tags: ['Test drives'],
    service: 'test-drive',
    access: 'user',
    request: { query: testDriveListQuery },
    responses: { 200: { description: 'Bookings', schema: testDriveListResponse } },
  },
  rescheduleTestDrive: {
    method: 'put',
    path: '/api/testDrive/{id}',
    summary: 'Change the date and time of a booking (booker or Admin)',
    description:
      'Only date and time change; `id` and `car` (an id or the object a GET returned) may be sent back and ' +
      `are ignored. The same rules as booking apply (the booking itself does not overlap). ${TEST_DRIVE_RULES}`,
    tags: ['Test drives'],
    service: 'test-drive',
    access: 'user',
    request: { params: idParams, body: testDriveUpdateBody },
    responses: {
      200: { description: 'The updated booking itself', schema: testDriveUpdateResponse },
      404: error('No such booking, or not yours'),
      409: error(
        'The booking is Confirmed, Completed or Cancelled, the car is booked at an overlapping time, or you ' +
          'have another booking then',
      ),
    },
  },
  cancelTestDrive: {
    method: 'delete',
    path: '/api/testDrive/{id}',
    summary: 'Delete a booking (booker or Admin)',
    description:
      'Removes the booking; a Pending one is announced as cancelled (testdrive.cancelled). ' +
      'Confirmed and Completed bookings cannot be deleted (409).',
    tags: ['Test drives'],
    service: 'test-drive',
    access: 'user',
    request: { params: idParams },
    responses: {
      200: { description: 'Deleted', schema: messageResponse },
      404: error('No such booking, or not yours'),
      409: error('The booking is Confirmed or Completed'),
    },
  },
  setTestDriveStatus: {
    method: 'patch',
    path: '/api/testDrive/{id}/status',
    summary: "Confirm, complete or cancel a booking (the car's seller or an Admin; issue 7)",
    description:
      'Allowed: Pending → Confirmed → Completed; Pending or Confirmed → Cancelled. Demo cars have no seller ' +
      'account, so only an Admin changes their bookings.',
    tags: ['Test drives'],
    service: 'test-drive',
    access: 'user',
    request: { params: idParams, body: testDriveStatusBody },
    responses: {
      200: { description: 'Status changed', schema: testDriveStatusResponse },
      403: error("The caller booked it but is not the car's seller or an Admin"),
      404: error('No such booking (or not visible to the caller)'),
      409: error('The status cannot change that way'),
    },
  },
});
