/**
 * The slot table of the in-memory car search (`memory.ts`): every indexed car occupies a slot, and its
 * filter and sort fields are columns indexed by slot (typed arrays for the numbers, {@link Dictionary}
 * codes for the strings, a {@link TextIndex} code for the search text). The views (`view.ts`) are copies
 * of these columns in one sort order; this table is what a write changes.
 */

import { type IndexFields, isUuid } from '../types';
import { sortByValue } from './radix';
import { Dictionary, TextIndex } from './text-index';
import type { Sort } from './view';
import type { Filters } from './walk';

const INITIAL_CAPACITY = 1024;

/**
 * Sort key of a car without a valid listing time: older than any real one (4·10^15 ms, ~127 000 years,
 * before 1970), and close enough to today that the keys span less than 2^53 (radix.ts).
 */
const NO_TIME = -4e15;

/** The columns of every indexed car by slot, with the dictionaries their codes come from. */
export class CarColumns {
  /** Slots in use or freed: [0, next). */
  next = 0;
  private capacity = INITIAL_CAPACITY;
  private readonly free: number[] = [];
  /** Lower-case id → slot. */
  readonly slotOf = new Map<string, number>();
  /** Lower-case ids by slot (uuid order = lower-case text order). */
  readonly ids: string[] = [];
  live = new Uint8Array(INITIAL_CAPACITY);
  /** Asking price in rupees. */
  price = new Float64Array(INITIAL_CAPACITY);
  /** Kilometres driven. */
  km = new Int32Array(INITIAL_CAPACITY);
  /** Manufacturing year. */
  year = new Int16Array(INITIAL_CAPACITY);
  /** Listing time in ms since 1970, -Infinity when invalid. */
  created = new Float64Array(INITIAL_CAPACITY);
  brand = new Int32Array(INITIAL_CAPACITY);
  /** Model code (issue 25: the `models` filter). */
  model = new Int32Array(INITIAL_CAPACITY);
  /** Ownership code (`specifications.ownership`; {@link NO_OWNER} when none; the `owners` filter). */
  owner = new Int32Array(INITIAL_CAPACITY);
  fuel = new Int32Array(INITIAL_CAPACITY);
  gearbox = new Int32Array(INITIAL_CAPACITY);
  body = new Int32Array(INITIAL_CAPACITY);
  city = new Int32Array(INITIAL_CAPACITY);
  status = new Int32Array(INITIAL_CAPACITY);
  textCode = new Int32Array(INITIAL_CAPACITY);
  /** Number of the load that last wrote the slot (0: a direct write). */
  loadedBy = new Int32Array(INITIAL_CAPACITY);
  /** 1 for a slot changed since the views were built (kept by `memory.ts`). */
  stale = new Uint8Array(INITIAL_CAPACITY);
  /** The id's first 12 hex digits as a number (id order). */
  private idPrefix = new Float64Array(INITIAL_CAPACITY);

  readonly brands = new Dictionary();
  readonly models = new Dictionary();
  readonly owners = new Dictionary();
  readonly fuels = new Dictionary();
  readonly gearboxes = new Dictionary();
  readonly bodies = new Dictionary();
  readonly cities = new Dictionary();
  private readonly statuses = new Dictionary();
  readonly texts = new TextIndex();
  /** Body code of a car without a body type: in no `bodyTypes` list. */
  readonly NO_BODY = this.bodies.code('\u0000none');
  /** Ownership code of a car without an ownership: in no `owners` list. */
  readonly NO_OWNER = this.owners.code('\u0000none');
  private readonly USED = this.statuses.code('used');

  /** The cars for sale by id, until the next write. */
  private idOrder: Int32Array | undefined;

  /** Called with a slot's number after it is written or freed (before the next write). */
  constructor(private readonly changed: (slot: number) => void) {}

  /** Writes the fields of a car into its slot (a new one for a new id) and returns the slot. */
  write(f: IndexFields, load: number): number {
    const id = f.id.toLowerCase();
    let s = this.slotOf.get(id);
    if (s === undefined) {
      s = this.free.pop();
      if (s === undefined) {
        if (this.next === this.capacity) this.grow();
        s = this.next++;
      }
      this.slotOf.set(id, s);
    }
    this.ids[s] = id;
    this.idPrefix[s] = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    this.loadedBy[s] = load;
    this.live[s] = 1;
    this.price[s] = f.price;
    this.km[s] = f.kmDriven;
    this.year[s] = f.manufacturerYear;
    const t = f.createdAt.getTime();
    this.created[s] = Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
    this.brand[s] = this.brands.code(f.brandId.toLowerCase());
    this.model[s] = this.models.code(f.modelId.toLowerCase());
    this.owner[s] = f.ownership === null ? this.NO_OWNER : this.owners.code(f.ownership);
    this.fuel[s] = this.fuels.code(f.fuelType);
    this.gearbox[s] = this.gearboxes.code(f.transmission);
    this.body[s] = f.bodyType === null ? this.NO_BODY : this.bodies.code(f.bodyType);
    this.city[s] = this.cities.code(f.city.toLowerCase());
    this.status[s] = this.statuses.code(f.status);
    this.textCode[s] = this.texts.code(f.searchText);
    this.idOrder = undefined;
    this.changed(s);
    return s;
  }

  /** Frees the slot of car `id` (any case) and returns it; undefined when the id is not indexed. */
  drop(id: string): number | undefined {
    if (!isUuid(id)) return undefined;
    const key = id.toLowerCase();
    const s = this.slotOf.get(key);
    if (s === undefined) return undefined;
    this.slotOf.delete(key);
    this.live[s] = 0;
    this.free.push(s);
    this.idOrder = undefined;
    this.changed(s);
    return s;
  }

  /** Whether slot `s` holds a car for sale. */
  forSale(s: number): boolean {
    return this.live[s] === 1 && this.status[s] === this.USED;
  }

  /**
   * -1 when slot `s` fails a filter that is not a facet (city, model, owners, price, km, year, search
   * words); else which
   * of the facet filters (brand, fuel, gearbox, body) it fails, as bits 1, 2, 4, 8.
   */
  failedFacetFilters(f: Filters, s: number): number {
    if (f.city >= 0 && this.city[s] !== f.city) return -1;
    if (f.model && !f.model[this.model[s]!]) return -1;
    if (f.owner && !f.owner[this.owner[s]!]) return -1;
    if (this.price[s]! < f.priceMin || this.price[s]! > f.priceMax) return -1;
    if (this.km[s]! < f.kmMin || this.km[s]! > f.kmMax) return -1;
    if (this.year[s]! < f.yearMin || this.year[s]! > f.yearMax) return -1;
    for (const word of f.words) if (!word.mask[this.textCode[s]!]) return -1;
    let failed = 0;
    if (f.brand && !f.brand[this.brand[s]!]) failed |= 1;
    if (f.fuel && !f.fuel[this.fuel[s]!]) failed |= 2;
    if (f.gearbox && !f.gearbox[this.gearbox[s]!]) failed |= 4;
    if (f.body && !f.body[this.body[s]!]) failed |= 8;
    return failed;
  }

  /** The order of `sort` between two slots, ties by id (the views' order). */
  comparatorOf(sort: Sort): (a: number, b: number) => number {
    const { price: p, km: k, created: c, byId } = this;
    switch (sort) {
      case 'price_asc':
        return (a, b) => p[a]! - p[b]! || byId(a, b);
      case 'price_desc':
        return (a, b) => p[b]! - p[a]! || byId(a, b);
      case 'km_asc':
        return (a, b) => k[a]! - k[b]! || byId(a, b);
      default:
        return (a, b) => (c[a] === c[b] ? byId(a, b) : c[a]! > c[b]! ? -1 : 1);
    }
  }

  /**
   * The slots of the cars for sale in `sort` order, ties by id: radix sorts of the id order (stable, so
   * ties stay by id), or a comparator sort when a key is not an integer (a fractional price).
   */
  order(sort: Sort): Int32Array {
    const { price: p, km: k, created: c } = this;
    const byIdOrder = this.forSaleById();
    switch (sort) {
      case 'price_asc':
        return sortByValue(byIdOrder, (s) => p[s]!) ?? byIdOrder.slice().sort(this.comparatorOf(sort));
      case 'price_desc':
        return sortByValue(byIdOrder, (s) => p[s]!, true) ?? byIdOrder.slice().sort(this.comparatorOf(sort));
      case 'km_asc':
        return sortByValue(byIdOrder, (s) => k[s]!) ?? byIdOrder.slice().sort(this.comparatorOf(sort));
      default:
        // An invalid listing time (-Infinity) sorts last, as the oldest.
        return (
          sortByValue(byIdOrder, (s) => (c[s] === Number.NEGATIVE_INFINITY ? NO_TIME : c[s]!), true) ??
          byIdOrder.slice().sort(this.comparatorOf(sort))
        );
    }
  }

  private readonly byId = (a: number, b: number): number => {
    const x = this.ids[a]!;
    const y = this.ids[b]!;
    return x < y ? -1 : x > y ? 1 : 0;
  };

  /** The slots of the cars for sale in id order (radix by the ids' numeric prefix, then by text on a tie). */
  private forSaleById(): Int32Array {
    if (this.idOrder) return this.idOrder;
    const { live, status, USED, idPrefix } = this;
    let n = 0;
    for (let s = 0; s < this.next; s++) if (live[s] && status[s] === USED) n++;
    const slots = new Int32Array(n);
    n = 0;
    for (let s = 0; s < this.next; s++) if (live[s] && status[s] === USED) slots[n++] = s;
    const o = sortByValue(slots, (s) => idPrefix[s]!) ?? slots.sort(this.byId);
    // Ids sharing their first 12 hex digits (vanishingly rare) are put in text order.
    for (let i = 0; i < o.length; ) {
      let j = i + 1;
      while (j < o.length && idPrefix[o[j]!] === idPrefix[o[i]!]) j++;
      if (j - i > 1) o.subarray(i, j).sort(this.byId);
      i = j;
    }
    this.idOrder = o;
    return o;
  }

  /** Doubles every column. */
  private grow(): void {
    this.capacity *= 2;
    const g = <T extends Uint8Array | Int16Array | Int32Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(this.capacity);
      b.set(a);
      return b;
    };
    this.live = g(this.live);
    this.price = g(this.price);
    this.km = g(this.km);
    this.year = g(this.year);
    this.created = g(this.created);
    this.brand = g(this.brand);
    this.model = g(this.model);
    this.owner = g(this.owner);
    this.fuel = g(this.fuel);
    this.gearbox = g(this.gearbox);
    this.body = g(this.body);
    this.city = g(this.city);
    this.status = g(this.status);
    this.textCode = g(this.textCode);
    this.loadedBy = g(this.loadedBy);
    this.idPrefix = g(this.idPrefix);
    this.stale = g(this.stale);
  }
}
