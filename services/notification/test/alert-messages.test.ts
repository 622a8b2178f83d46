/**
 * The buyers' alert texts (issue 24, domain/alert-messages.ts): the saved-search e-mail (one car, daily
 * digest) and SMS, the price-drop e-mail and its wording, the links (car, search, unsubscribe) with and
 * without PUBLIC_URL, the RFC 8058 headers, and HTML escaping.
 */
import type { CarSummary } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';
import {
  isPriceDrop,
  priceDropMail,
  priceDropText,
  searchLink,
  searchMatchMail,
  searchMatchSms,
  unsubscribeLinks,
} from '../src/domain/alert-messages';

const EVIL = `<script>alert("x")</script> & 'Tom'`;
const PUBLIC_URL = 'https://cars.example.in/';
const TOKEN = 'ss.a1/b2+c3=';
const ENCODED = 'ss.a1%2Fb2%2Bc3%3D';

/** A car as the catalog announces it. */
function car(id: string, over: Partial<CarSummary> = {}): CarSummary {
  return {
    _id: id,
    seller: 'seller-1',
    status: 'used',
    brand: { _id: 'b1', name: 'Hyundai' },
    model: { _id: 'm1', name: 'Creta' },
    variant: { _id: 'v1', name: 'SX' },
    manufacturerYear: 2021,
    price: 875000,
    city: 'Pune',
    ...over,
  };
}

const search = { name: 'Diesel in Pune', query: '?fuelTypes=Diesel&price=0-800000&city=Pune' };

describe('priceDropText', () => {
  it('reads the drop in rupees and per cent with one decimal', () => {
    expect(priceDropText(600000, 550000)).toBe('₹50,000 (8.3 %) lower');
    expect(priceDropText(1250000, 1000000)).toBe('₹2,50,000 (20.0 %) lower');
    expect(priceDropText(1000000, 999999)).toBe('₹1 (less than 0.1 %) lower');
  });

  it('refuses a rise, an equal price and a non-positive old price', () => {
    for (const [before, after] of [
      [550000, 600000],
      [600000, 600000],
      [600000, 599999.6],
      [0, -5],
    ] as const) {
      expect(isPriceDrop(before, after)).toBe(false);
      expect(() => priceDropText(before, after)).toThrow(RangeError);
    }
    expect(isPriceDrop(600000, 550000)).toBe(true);
  });
});

describe('links', () => {
  it('points the unsubscribe link at the page and the headers at the API, token URL-encoded', () => {
    expect(unsubscribeLinks(PUBLIC_URL, TOKEN)).toEqual({
      url: `https://cars.example.in/unsubscribe?token=${ENCODED}`,
      headers: {
        'List-Unsubscribe': `<https://cars.example.in/api/alerts/unsubscribe?token=${ENCODED}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  });

  it('falls back to site-relative links and no headers without PUBLIC_URL', () => {
    expect(unsubscribeLinks(undefined, TOKEN)).toEqual({ url: `/unsubscribe?token=${ENCODED}` });
    expect(searchLink(undefined, search.query)).toBe('/buy-a-car?fuelTypes=Diesel&price=0-800000&city=Pune');
  });

  it('re-encodes the search query', () => {
    expect(searchLink(PUBLIC_URL, 'city=New Delhi&q=a#b')).toBe(
      'https://cars.example.in/buy-a-car?city=New+Delhi&q=a%23b',
    );
  });
});

describe('search match e-mail', () => {
  it('names the one new car with its price, city and link, the search link and the unsubscribe link', () => {
    const mail = searchMatchMail({
      recipientName: 'Asha',
      search,
      frequency: 'instant',
      cars: [car('c-1')],
      unsubscribeToken: TOKEN,
      publicUrl: PUBLIC_URL,
    });
    expect(mail.subject).toBe('New match for "Diesel in Pune": Hyundai Creta SX (2021)');
    expect(mail.text).toContain('Hello Asha,');
    expect(mail.text).toContain(
      [
        '- Hyundai Creta SX (2021)',
        '  ₹8,75,000 · Pune',
        '  View car: https://cars.example.in/car-details/c-1',
      ].join('\n'),
    );
    expect(mail.text).toContain(
      'See every car for this search: https://cars.example.in/buy-a-car?fuelTypes=Diesel&price=0-800000&city=Pune',
    );
    expect(mail.text).toContain(
      `Unsubscribe from this alert: https://cars.example.in/unsubscribe?token=${ENCODED}`,
    );
    expect(mail.html).toContain('href="https://cars.example.in/car-details/c-1"');
    expect(mail.html).toContain(`href="https://cars.example.in/unsubscribe?token=${ENCODED}"`);
    expect(mail.html).toContain(
      'href="https://cars.example.in/buy-a-car?fuelTypes=Diesel&amp;price=0-800000&amp;city=Pune"',
    );
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<https://cars.example.in/api/alerts/unsubscribe?token=${ENCODED}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('lists every car of a daily digest in one e-mail', () => {
    const cars = [
      car('c-1'),
      car('c-2', { brand: { _id: 'b2', name: 'Tata' }, model: { _id: 'm2', name: 'Nexon' }, price: 790000 }),
      car('c-3', { manufacturerYear: 2019, price: 12500000, city: 'Pimpri-Chinchwad' }),
    ];
    const mail = searchMatchMail({
      recipientName: 'Asha',
      search,
      frequency: 'daily',
      cars,
      unsubscribeToken: TOKEN,
      publicUrl: PUBLIC_URL,
    });
    expect(mail.subject).toBe('3 new cars today for "Diesel in Pune"');
    expect(mail.text).toContain(
      'Here are today\'s new listings for your saved search "Diesel in Pune": 3 cars in all.',
    );
    expect(mail.text).toContain('- Tata Nexon SX (2021)\n  ₹7,90,000 · Pune');
    expect(mail.text).toContain('- Hyundai Creta SX (2019)\n  ₹1,25,00,000 · Pimpri-Chinchwad');
    for (const id of ['c-1', 'c-2', 'c-3']) {
      expect(mail.text).toContain(`View car: https://cars.example.in/car-details/${id}`);
      expect(mail.html).toContain(`href="https://cars.example.in/car-details/${id}"`);
    }
    expect(mail.text).toContain('with a daily digest');
    expect(
      searchMatchMail({
        ...{ recipientName: 'A', search, unsubscribeToken: TOKEN },
        frequency: 'daily',
        cars: [car('c')],
      }).subject,
    ).toBe('1 new car today for "Diesel in Pune"');
  });

  it('uses site-relative links and sends no List-Unsubscribe header without PUBLIC_URL', () => {
    const mail = searchMatchMail({
      recipientName: 'Asha',
      search,
      frequency: 'instant',
      cars: [car('c-1')],
      unsubscribeToken: TOKEN,
    });
    expect(mail.text).toContain('View car: /car-details/c-1');
    expect(mail.text).toContain(`Unsubscribe from this alert: /unsubscribe?token=${ENCODED}`);
    expect(mail.headers).toBeUndefined();
  });

  it('escapes the search name, car names and city in the HTML', () => {
    const mail = searchMatchMail({
      recipientName: EVIL,
      search: { name: EVIL, query: 'city=Pune' },
      frequency: 'daily',
      cars: [car('c-1', { brand: { _id: 'b', name: EVIL }, city: EVIL })],
      unsubscribeToken: `${EVIL}`,
      publicUrl: PUBLIC_URL,
    });
    expect(mail.html).not.toMatch(/<script|'Tom'|"x"/);
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain(EVIL);
    expect(mail.text).toContain(`/unsubscribe?token=${encodeURIComponent(EVIL)}`);
  });
});

describe('search match SMS', () => {
  it('is short: the count, the search and its link', () => {
    const cars = [car('c-1'), car('c-2')];
    expect(searchMatchSms({ search, frequency: 'instant', cars, publicUrl: PUBLIC_URL })).toBe(
      'CarBazaar: 2 new cars for "Diesel in Pune": https://cars.example.in/buy-a-car?fuelTypes=Diesel&price=0-800000&city=Pune',
    );
    expect(searchMatchSms({ search, frequency: 'daily', cars })).toBe(
      'CarBazaar: 2 new cars today for "Diesel in Pune"',
    );
  });

  it('names a single car with its link', () => {
    expect(searchMatchSms({ search, frequency: 'instant', cars: [car('c-1')], publicUrl: PUBLIC_URL })).toBe(
      'CarBazaar: new match for "Diesel in Pune": Hyundai Creta SX (2021), Rs. 8,75,000, Pune https://cars.example.in/car-details/c-1',
    );
  });
});

describe('price drop e-mail', () => {
  const input = {
    recipientName: 'Asha',
    car: car('c-9', { price: 550000 }),
    previousPrice: 600000,
    unsubscribeToken: TOKEN,
    publicUrl: PUBLIC_URL,
  };

  it('gives the old and new price and the drop in rupees and per cent', () => {
    const mail = priceDropMail(input);
    expect(mail.subject).toBe('Price drop: the Hyundai Creta SX on your shortlist is now ₹5,50,000');
    expect(mail.text).toContain(
      'Good news: the Hyundai Creta SX (2021) on your shortlist is now ₹50,000 (8.3 %) lower.',
    );
    expect(mail.text).toContain(
      ['Old price: ₹6,00,000', 'New price: ₹5,50,000', 'Price drop: ₹50,000 (8.3 %) lower'].join('\n'),
    );
    expect(mail.text).toContain('View car: https://cars.example.in/car-details/c-9');
    expect(mail.text).toContain(
      `Stop price alerts for this car: https://cars.example.in/unsubscribe?token=${ENCODED}`,
    );
    expect(mail.html).toContain(`href="https://cars.example.in/unsubscribe?token=${ENCODED}"`);
    expect(mail.headers?.['List-Unsubscribe']).toBe(
      `<https://cars.example.in/api/alerts/unsubscribe?token=${ENCODED}>`,
    );
  });

  it('refuses an event whose price did not drop', () => {
    expect(() => priceDropMail({ ...input, previousPrice: 550000 })).toThrow(RangeError);
  });

  it('escapes names in the HTML', () => {
    const mail = priceDropMail({ ...input, recipientName: EVIL, car: car('c', { city: EVIL, price: 1 }) });
    expect(mail.html).not.toMatch(/<script|'Tom'|"x"/);
    expect(mail.text).toContain(EVIL);
  });
});

describe('text is inserted as text (issue 47)', () => {
  const PATTERNS = "$` $' $& $1 $$ $<x> \u2028 end";
  const plain = 'x'.repeat(PATTERNS.length);
  /** A car whose names and city are `text`. */
  const named = (text: string) =>
    car('c-1', {
      brand: { _id: 'b', name: text },
      model: { _id: 'm', name: text },
      variant: { _id: 'v', name: text },
      city: text,
    });

  it('keeps replacement patterns in search names, car names and cities as typed: e-mails and SMS', () => {
    const build = (text: string) => ({
      match: searchMatchMail({
        recipientName: text,
        search: { name: text, query: 'city=Pune' },
        frequency: 'instant',
        cars: [named(text)],
        unsubscribeToken: TOKEN,
        publicUrl: PUBLIC_URL,
      }),
      drop: priceDropMail({
        recipientName: text,
        car: named(text),
        previousPrice: 900000,
        unsubscribeToken: TOKEN,
        publicUrl: PUBLIC_URL,
      }),
      sms: searchMatchSms({
        search: { name: text, query: 'city=Pune' },
        frequency: 'instant',
        cars: [named(text)],
      }),
    });
    const hostile = build(PATTERNS);
    const reference = build(plain);
    for (const key of ['match', 'drop'] as const) {
      expect(hostile[key].text).toContain(`Hello ${PATTERNS},`);
      expect(hostile[key].text.length).toBe(reference[key].text.length);
      expect(hostile[key].subject.length).toBe(reference[key].subject.length);
      expect(hostile[key].html.match(/<!doctype html>/g)).toHaveLength(1);
    }
    expect(hostile.match.subject).toBe(
      `New match for "${PATTERNS}": ${PATTERNS} ${PATTERNS} ${PATTERNS} (2021)`,
    );
    expect(hostile.sms).toBe(
      `CarBazaar: new match for "${PATTERNS}": ${PATTERNS} ${PATTERNS} ${PATTERNS} (2021), Rs. 8,75,000, ${PATTERNS}`,
    );
  });
});
