/**
 * HTTP routes of the test-drive service (spec §7 "Test drives"; issue 7; contracts routes.ts):
 * - `POST /api/testDrive` {car, appointmentDate, appointmentTime} (signed in) → 201 `{ message, data }`;
 * - `GET /api/testDrive?keyword=` → `{ data: [...] }`, the caller's bookings;
 * - `GET /api/testDrive/admin?keyword=` (Admin) → every booking;
 * - `GET /api/testDrive/seller?keyword=` → bookings on the caller's cars;
 * - `GET /api/testDrive/slots?car=&date=` (public) → `{ data: { slots: ['10:00', …], … } }`, the open
 *   :00/:30 slots (those no active booking of the car overlaps);
 * - `PUT /api/testDrive/{id}` {appointmentDate, appointmentTime, id?, car?} (booker or Admin) → the booking
 *   itself; `id` and `car` (an id or the object a GET returned) are ignored (issue 19);
 * - `DELETE /api/testDrive/{id}` (booker or Admin) → `{ message }`;
 * - `PATCH /api/testDrive/{id}/status` {status} (the car's seller or an Admin) → `{ message, data }`.
 * A booking starts at any minute from 10:00 to 18:30 and lasts 30 minutes (issue 19); no two active
 * bookings of a car, nor of a booker, overlap — checked after locking both schedules in the writing
 * transaction, so it holds against concurrent writers (`assertFree`).
 * Lists are ordered by appointment date and time. Errors are `{ message }`: 400 naming the field (also
 * for a date in the past or beyond 60 days and a time outside opening hours or already passed, India
 * time), 401 signed out, 403 booking one's own car or a booker changing the status, 404 unknown car or a
 * booking that is not the caller's, 409 car not for sale / time overlapping a booking of the car /
 * caller busy then / Confirmed or Completed booking changed / impossible status change, 429 too many
 * bookings. Every change emits its `testdrive.*` event in the same transaction (outbox; events.ts).
 */
import {
  type EventPayloads,
  idParams,
  TEST_DRIVE_CLOSING_TIME,
  TEST_DRIVE_OPENING_TIME,
  TEST_DRIVE_SLOT_MINUTES,
  TEST_DRIVE_TIME_ZONE,
  testDriveCreateBody,
  testDriveListQuery,
  testDriveSlotsQuery,
  testDriveStatusBody,
  testDriveUpdateBody,
} from '@marketplace/contracts';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  isUniqueViolation,
  notFound,
  type Principal,
  parseInput,
  requireAdmin,
  requireUser,
  type ServicePorts,
} from '@marketplace/platform';
import { type Request, type Response, Router } from 'express';
import {
  appointmentProblem,
  canTransition,
  clashes,
  dateProblem,
  isActive,
  isLocked,
  limits,
  mayChangeStatus,
  mayManage,
  messages,
  openSlots,
} from './domain/rules';
import { toTestDrive } from './domain/serialize';
import { emitBooked, emitCancelled, emitRescheduled, emitStatusChanged } from './events';
import { type CarRow, carStore, testDriveStore } from './store';

const principalOf = (req: Request): Principal => req.principal!;

/** The test-drive service's router. */
export function testDriveRoutes(ports: ServicePorts<EventPayloads>): Router {
  const { db, outbox, clock } = ports;
  const bookLimiter = ports.rateLimiters.create(limits.bookPerUser);
  const router = Router();

  /** Consumes one booking attempt of `userId`. @throws HttpError 429 (with Retry-After, s) when exhausted. */
  async function limitBooking(res: Response, userId: string): Promise<void> {
    const result = await bookLimiter.consume(userId);
    if (result.allowed) return;
    res.setHeader('retry-after', String(Math.max(1, Math.ceil(result.retryAfterMs / 1000))));
    throw new HttpError(429, messages.tooMany);
  }

  /** The projected car `carId` if it can be booked. @throws 404 unknown or removed, 409 not for sale. */
  async function bookableCar(carId: string): Promise<CarRow> {
    const car = await carStore.byId(db, carId);
    if (!car || car.removed) throw notFound(messages.carNotFound);
    if (car.status !== 'used') throw conflict(messages.carNotForSale);
    return car;
  }

  /**
   * Inside the booking or rescheduling transaction `tx`: locks the schedules of the car and of the booker
   * (store `lockSchedules`), then refuses a time whose 30-minute window overlaps another active booking of
   * either on that date (rules `clashes`; issue 19). `exceptId`: the booking being rescheduled.
   * @throws HttpError 409 `slotTaken` (the car's) or `userBusy` (the booker's).
   */
  async function assertFree(
    tx: typeof db,
    at: { carId: string; userId: string; date: string; time: string; exceptId?: string },
  ): Promise<void> {
    await testDriveStore.lockSchedules(tx, at.carId, at.userId);
    if (clashes(await testDriveStore.activeTimes(tx, { carId: at.carId }, at.date, at.exceptId), at.time)) {
      throw conflict(messages.slotTaken);
    }
    if (clashes(await testDriveStore.activeTimes(tx, { userId: at.userId }, at.date, at.exceptId), at.time)) {
      throw conflict(messages.userBusy);
    }
  }

  /**
   * Runs a write guarded by {@link assertFree}; should the exact-start unique indexes (store.ts, a
   * backstop) still refuse it, the violation becomes the 409 of the car or of the booker, never a 500.
   */
  async function slotWrite<T>(
    carId: string,
    date: string,
    time: string,
    write: () => Promise<T>,
  ): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const carHeld = (await testDriveStore.activeTimes(db, { carId }, date)).includes(time);
      throw conflict(carHeld ? messages.slotTaken : messages.userBusy);
    }
  }

  /** The booking `id` for the booker or an Admin, locked for the transaction. @throws 404 otherwise. */
  async function managedBooking(tx: typeof db, id: string, caller: Principal) {
    const booking = await testDriveStore.byId(tx, id, true);
    if (!booking || !mayManage(caller, booking.userId)) throw notFound(messages.notFound);
    return booking;
  }

  router.post('/api/testDrive', requireUser, async (req, res) => {
    const body = parseInput(testDriveCreateBody, req.body);
    const me = principalOf(req);
    await limitBooking(res, me.id);
    const problem = appointmentProblem(body.appointmentDate, body.appointmentTime, clock());
    if (problem) throw badRequest(problem);
    const car = await bookableCar(body.car);
    if (car.sellerId === me.id) throw forbidden(messages.ownCar);
    const { appointmentDate, appointmentTime } = body;
    const data = await slotWrite(car.id, appointmentDate, appointmentTime, () =>
      outbox.transaction(async (tx, emit) => {
        await assertFree(tx, { carId: car.id, userId: me.id, date: appointmentDate, time: appointmentTime });
        const row = await testDriveStore.insert(tx, {
          carId: car.id,
          userId: me.id,
          sellerId: car.sellerId,
          appointmentDate,
          appointmentTime,
          status: 'Pending',
        });
        const view = { ...row, car };
        await emitBooked(emit, view);
        return toTestDrive(view);
      }),
    );
    res.status(201).json({ message: messages.created, data });
  });

  router.get('/api/testDrive', requireUser, async (req, res) => {
    const { keyword } = parseInput(testDriveListQuery, req.query);
    const rows = await testDriveStore.list(db, {
      userId: principalOf(req).id,
      ...(keyword ? { keyword } : {}),
    });
    res.json({ data: rows.map(toTestDrive) });
  });

  router.get('/api/testDrive/admin', requireAdmin, async (req, res) => {
    const { keyword } = parseInput(testDriveListQuery, req.query);
    const rows = await testDriveStore.list(db, keyword ? { keyword } : {});
    res.json({ data: rows.map(toTestDrive) });
  });

  router.get('/api/testDrive/seller', requireUser, async (req, res) => {
    const { keyword } = parseInput(testDriveListQuery, req.query);
    const rows = await testDriveStore.list(db, {
      sellerId: principalOf(req).id,
      ...(keyword ? { keyword } : {}),
    });
    res.json({ data: rows.map(toTestDrive) });
  });

  router.get('/api/testDrive/slots', async (req, res) => {
    const { car: carId, date } = parseInput(testDriveSlotsQuery, req.query);
    const car = await bookableCar(carId);
    const now = clock();
    const problem = dateProblem(date, now);
    if (problem) throw badRequest(problem.replace(/^appointmentDate/, 'date'));
    const slots = openSlots(date, now, await testDriveStore.activeTimes(db, { carId: car.id }, date));
    res.json({
      data: {
        car: car.id,
        date,
        slots,
        openingTime: TEST_DRIVE_OPENING_TIME,
        closingTime: TEST_DRIVE_CLOSING_TIME,
        slotMinutes: TEST_DRIVE_SLOT_MINUTES,
        timeZone: TEST_DRIVE_TIME_ZONE,
      },
    });
  });

  router.put('/api/testDrive/:id', requireUser, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { appointmentDate, appointmentTime } = parseInput(testDriveUpdateBody, req.body);
    const me = principalOf(req);
    const current = await testDriveStore.byId(db, id);
    if (!current || !mayManage(me, current.userId)) throw notFound(messages.notFound);
    const data = await slotWrite(current.carId, appointmentDate, appointmentTime, () =>
      outbox.transaction(async (tx, emit) => {
        const booking = await managedBooking(tx, id, me);
        if (isLocked(booking.status)) throw conflict(messages.locked(booking.status));
        if (booking.status === 'Cancelled') throw conflict(messages.cancelled);
        const unchanged =
          booking.appointmentDate === appointmentDate && booking.appointmentTime === appointmentTime;
        if (unchanged) return toTestDrive(booking);
        const problem = appointmentProblem(appointmentDate, appointmentTime, clock());
        if (problem) throw badRequest(problem);
        await assertFree(tx, {
          carId: booking.carId,
          userId: booking.userId,
          date: appointmentDate,
          time: appointmentTime,
          exceptId: booking.id,
        });
        const row = await testDriveStore.update(tx, booking.id, { appointmentDate, appointmentTime });
        if (!row) throw notFound(messages.notFound);
        const view = { ...row, car: booking.car };
        await emitRescheduled(emit, view, {
          appointmentDate: booking.appointmentDate,
          appointmentTime: booking.appointmentTime,
        });
        return toTestDrive(view);
      }),
    );
    res.json(data);
  });

  router.delete('/api/testDrive/:id', requireUser, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const me = principalOf(req);
    await outbox.transaction(async (tx, emit) => {
      const booking = await managedBooking(tx, id, me);
      if (isLocked(booking.status)) throw conflict(messages.locked(booking.status));
      const row = await testDriveStore.remove(tx, booking.id);
      if (!row) throw notFound(messages.notFound);
      if (isActive(row.status))
        await emitCancelled(emit, { ...row, status: 'Cancelled', car: booking.car }, me.id);
    });
    res.json({ message: messages.deleted });
  });

  router.patch('/api/testDrive/:id/status', requireUser, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { status } = parseInput(testDriveStatusBody, req.body);
    const me = principalOf(req);
    const data = await outbox.transaction(async (tx, emit) => {
      const booking = await testDriveStore.byId(tx, id, true);
      if (!booking) throw notFound(messages.notFound);
      if (!mayChangeStatus(me, booking.sellerId)) {
        throw booking.userId === me.id ? forbidden(messages.notSeller) : notFound(messages.notFound);
      }
      if (!canTransition(booking.status, status))
        throw conflict(messages.badTransition(booking.status, status));
      const row = await testDriveStore.update(tx, booking.id, { status });
      if (!row) throw notFound(messages.notFound);
      const view = { ...row, car: booking.car };
      if (status === 'Cancelled') await emitCancelled(emit, view, me.id);
      else await emitStatusChanged(emit, view, booking.status, me.id);
      return toTestDrive(view);
    });
    res.json({ message: messages.statusChanged(status), data });
  });

  return router;
}
