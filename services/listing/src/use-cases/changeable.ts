/** Who may change a listing (spec §6: its seller or an Admin). */
import { type Db, forbidden, notFound, type Principal } from '@marketplace/platform';
import { type CarRow, carStore } from '../data/store';
import { mayChange, messages } from '../domain/rules';

/** The listing `carId` if `caller` may change it. @throws HttpError 404 unknown, 403 someone else's. */
export async function changeableListing(db: Db, carId: string, caller: Principal): Promise<CarRow> {
  const car = await carStore.byId(db, carId);
  if (!car) throw notFound(messages.notFound);
  if (!mayChange(caller, car.sellerId)) throw forbidden(messages.notYours);
  return car;
}
