/**
 * Texts of the buyers' alerts (issue 24; no I/O): a saved search's new matches (`catalog.alert.search_matched`,
 * by e-mail and/or SMS, one car at once or a daily digest of every match) and a shortlisted car's price drop
 * (`catalog.alert.price_dropped`, by e-mail). The e-mails go through {@link renderMail} (text and HTML, every
 * value escaped) and carry a visible one-click unsubscribe link and, when the site's public URL is known, the
 * `List-Unsubscribe` and `List-Unsubscribe-Post` headers (RFC 2369, RFC 8058).
 *
 * Links: `${PUBLIC_URL}/car-details/<id>` for a car, `${PUBLIC_URL}/buy-a-car?<query>` for the search and
 * `${PUBLIC_URL}/unsubscribe?token=<token>` (the front end's page, which posts to
 * `POST /api/alerts/unsubscribe?token=`). Without PUBLIC_URL (development) the e-mail links are site-relative
 * paths, as the e-mail verification link's are; the SMS then carries no link and the e-mail no
 * `List-Unsubscribe` header (the header must hold an absolute URL). Prices are whole rupees, formatted
 * `₹5,50,000` (format.ts).
 */
import { type AlertFrequency, type CarSummary, PRODUCT_NAME } from '@marketplace/contracts';
import { formatRupees } from './format';
import { carName, type MailItem, type RenderedMail, renderMail, siteLink } from './messages';

/** A rendered alert e-mail and the extra header fields it is sent with (none without PUBLIC_URL). */
export interface AlertMail extends RenderedMail {
  headers?: Record<string, string>;
}

/** The saved search an alert is about, as the event carries it. */
export interface AlertSearch {
  name: string;
  /** The listing's query string, e.g. `fuelTypes=Diesel&city=Pune` (a leading `?` is allowed). */
  query: string;
}

/** `PUBLIC_URL` + `path`, or `path` itself when PUBLIC_URL is unknown (development). */
function linkOrPath(publicUrl: string | undefined, path: string): string {
  return siteLink(publicUrl, path) ?? path;
}

/** The car's page: `/car-details/<id>` (absolute with PUBLIC_URL, else the path). */
export function carLink(publicUrl: string | undefined, carId: string): string {
  return linkOrPath(publicUrl, `/car-details/${encodeURIComponent(carId)}`);
}

/**
 * The listing with the search's filters: `/buy-a-car?<query>` (absolute with PUBLIC_URL, else the path). The
 * query is re-encoded parameter by parameter, so a stray space or `#` cannot break the link.
 */
export function searchLink(publicUrl: string | undefined, query: string): string {
  const q = new URLSearchParams(query.trim().replace(/^\?/, '')).toString();
  return linkOrPath(publicUrl, q ? `/buy-a-car?${q}` : '/buy-a-car');
}

/**
 * The unsubscribe link of an alert: the visible link to the front end's page `/unsubscribe?token=…` and, when
 * PUBLIC_URL is known, the RFC 8058 headers pointing at the API (`POST /api/alerts/unsubscribe?token=…`).
 * The token is URL-encoded in both.
 */
export function unsubscribeLinks(
  publicUrl: string | undefined,
  token: string,
): { url: string; headers?: Record<string, string> } {
  const query = `token=${encodeURIComponent(token)}`;
  const api = siteLink(publicUrl, `/api/alerts/unsubscribe?${query}`);
  return {
    url: linkOrPath(publicUrl, `/unsubscribe?${query}`),
    ...(api
      ? { headers: { 'List-Unsubscribe': `<${api}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
      : {}),
  };
}

/** `n car` / `n cars`. */
const cars = (n: number) => `${n} ${n === 1 ? 'car' : 'cars'}`;

/** A car's title in an alert: `Hyundai Creta SX (2021)`. */
function carTitle(car: CarSummary): string {
  return `${carName({ brand: car.brand.name, model: car.model.name, variant: car.variant.name })} (${car.manufacturerYear})`;
}

/** Everything a saved-search alert says. */
export interface SearchMatchInput {
  recipientName: string;
  search: AlertSearch;
  frequency: AlertFrequency;
  /** The matching cars, in the event's order (at least one). */
  cars: CarSummary[];
  unsubscribeToken: string;
  publicUrl?: string;
}

/**
 * The e-mail of a saved search's new matches: for `instant` one car ("New match for "Diesel in Pune": …"),
 * for `daily` one digest listing every car ("3 new cars today for "Diesel in Pune""). Each car reads
 * `Hyundai Creta SX (2021)`, `₹8,75,000 · Pune` and its link; then the link back to the search and the
 * unsubscribe note.
 */
export function searchMatchMail(i: SearchMatchInput): AlertMail {
  const n = i.cars.length;
  const only = n === 1 ? i.cars[0] : undefined;
  const quoted = `"${i.search.name}"`;
  const subject =
    i.frequency === 'daily'
      ? `${n} new ${n === 1 ? 'car' : 'cars'} today for ${quoted}`
      : only
        ? `New match for ${quoted}: ${carTitle(only)}`
        : `${n} new cars for ${quoted}`;
  const opening =
    i.frequency === 'daily'
      ? `Here are today's new listings for your saved search ${quoted}: ${cars(n)} in all.`
      : only
        ? `A car matching your saved search ${quoted} was just listed.`
        : `${cars(n)} matching your saved search ${quoted} were just listed.`;
  const items: MailItem[] = i.cars.map((car) => ({
    title: carTitle(car),
    lines: [`${formatRupees(car.price)} · ${car.city}`],
    link: { label: 'View car', url: carLink(i.publicUrl, car._id) },
  }));
  const unsubscribe = unsubscribeLinks(i.publicUrl, i.unsubscribeToken);
  const mail = renderMail({
    subject,
    greeting: `Hello ${i.recipientName},`,
    paragraphs: [opening, 'Good cars go quickly: book a free test drive before someone else does.'],
    items,
    link: { label: 'See every car for this search', url: searchLink(i.publicUrl, i.search.query) },
    footer: {
      text: `You get this e-mail because you saved the search ${quoted} on ${PRODUCT_NAME}${
        i.frequency === 'daily' ? ' with a daily digest' : ''
      }.`,
      link: { label: 'Unsubscribe from this alert', url: unsubscribe.url },
    },
  });
  return { ...mail, ...(unsubscribe.headers ? { headers: unsubscribe.headers } : {}) };
}

/**
 * The SMS of a saved search's new matches, short: `CarBazaar: 2 new cars for "Diesel in Pune": <search link>`,
 * or for a single car `CarBazaar: new match for "Diesel in Pune": Hyundai Creta SX (2021), Rs. 8,75,000, Pune
 * <car link>`. Links only when PUBLIC_URL is known.
 */
export function searchMatchSms(i: Omit<SearchMatchInput, 'recipientName' | 'unsubscribeToken'>): string {
  const quoted = `"${i.search.name}"`;
  const only = i.cars.length === 1 ? i.cars[0] : undefined;
  if (only) {
    const url = siteLink(i.publicUrl, `/car-details/${encodeURIComponent(only._id)}`);
    const text = `${PRODUCT_NAME}: new match for ${quoted}: ${carTitle(only)}, ${formatRupees(only.price, 'Rs. ')}, ${only.city}`;
    return url ? `${text} ${url}` : text;
  }
  const today = i.frequency === 'daily' ? ' today' : '';
  const text = `${PRODUCT_NAME}: ${i.cars.length} new cars${today} for ${quoted}`;
  return i.publicUrl ? `${text}: ${searchLink(i.publicUrl, i.search.query)}` : text;
}

/**
 * How much cheaper a car got, e.g. 600000 → 550000: `₹50,000 (8.3 %) lower` (rupees rounded to whole
 * rupees, per cent of the old price to one decimal; below 0.05 % it reads `(less than 0.1 %)`).
 * @throws RangeError when it is no drop: the new price is not lower than the old (after rounding to whole
 *   rupees) or the old price is not positive.
 */
export function priceDropText(previousPrice: number, price: number): string {
  const drop = Math.round(previousPrice) - Math.round(price);
  if (!(previousPrice > 0) || !(drop > 0)) {
    throw new RangeError(`not a price drop: ${previousPrice} → ${price}`);
  }
  const tenths = Math.round((drop * 1000) / Math.round(previousPrice));
  const percent = tenths === 0 ? 'less than 0.1 %' : `${(tenths / 10).toFixed(1)} %`;
  return `${formatRupees(drop)} (${percent}) lower`;
}

/** True when `price` is lower than `previousPrice` by at least one rupee (see {@link priceDropText}). */
export function isPriceDrop(previousPrice: number, price: number): boolean {
  return previousPrice > 0 && Math.round(previousPrice) - Math.round(price) > 0;
}

/**
 * The price-drop e-mail of a shortlisted car: old and new price and the drop in rupees and per cent, the
 * car's link and the unsubscribe note (that car's price alerts).
 * @throws RangeError when the price did not drop (see {@link priceDropText}).
 */
export function priceDropMail(i: {
  recipientName: string;
  car: CarSummary;
  /** Whole rupees, before the drop; `car.price` is the new price. */
  previousPrice: number;
  unsubscribeToken: string;
  publicUrl?: string;
}): AlertMail {
  const drop = priceDropText(i.previousPrice, i.car.price);
  const name = carName({ brand: i.car.brand.name, model: i.car.model.name, variant: i.car.variant.name });
  const unsubscribe = unsubscribeLinks(i.publicUrl, i.unsubscribeToken);
  const mail = renderMail({
    subject: `Price drop: the ${name} on your shortlist is now ${formatRupees(i.car.price)}`,
    greeting: `Hello ${i.recipientName},`,
    paragraphs: [
      `Good news: the ${carTitle(i.car)} on your shortlist is now ${drop}.`,
      'Book a free test drive before someone else does.',
    ],
    details: [
      ['Car', carTitle(i.car)],
      ['City', i.car.city],
      ['Old price', formatRupees(i.previousPrice)],
      ['New price', formatRupees(i.car.price)],
      ['Price drop', drop],
    ],
    link: { label: 'View car', url: carLink(i.publicUrl, i.car._id) },
    footer: {
      text: `You get this e-mail because this car is on your ${PRODUCT_NAME} shortlist.`,
      link: { label: 'Stop price alerts for this car', url: unsubscribe.url },
    },
  });
  return { ...mail, ...(unsubscribe.headers ? { headers: unsubscribe.headers } : {}) };
}
