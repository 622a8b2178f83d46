/** Message templates and their formatting (domain/, no I/O): escaping, dates, times, rupees, each message. */
import { describe, expect, it } from 'vitest';
import { escapeHtml, formatDate, formatRupees, formatTime } from '../src/domain/format';
import {
  carListedMail,
  contactMail,
  otpSmsText,
  passwordChangedMail,
  renderMail,
  type TestDriveMailInput,
  testDriveMail,
  welcomeMail,
} from '../src/domain/messages';

const EVIL = `<script>alert("x")</script> & 'Tom'`;

/** `format` turns each input of `cases` into its text, and refuses each of `bad` with a RangeError. */
function formats<T extends string | number>(
  format: (value: T) => string,
  cases: Array<[T, string]>,
  bad: T[],
) {
  it.each(cases)('%s → %s', (value, text) => {
    expect(format(value)).toBe(text);
  });
  if (bad.length > 0)
    it.each(bad)('rejects %s', (value) => {
      expect(() => format(value)).toThrow(RangeError);
    });
}

describe('formatDate', () => {
  formats(
    formatDate,
    [
      ['2026-03-14', 'Saturday, 14 March 2026'],
      ['2026-01-01', 'Thursday, 1 January 2026'],
      ['2028-02-29', 'Tuesday, 29 February 2028'],
      ['2026-12-31', 'Thursday, 31 December 2026'],
    ],
    ['2026-02-30', '2026-13-01', '14/03/2026', ''],
  );
});

describe('formatTime', () => {
  formats(
    formatTime,
    [
      ['00:00', '12:00 AM'],
      ['00:30', '12:30 AM'],
      ['09:05', '9:05 AM'],
      ['11:59', '11:59 AM'],
      ['12:00', '12:00 PM'],
      ['13:30', '1:30 PM'],
      ['18:30:00', '6:30 PM'],
      ['23:59', '11:59 PM'],
    ],
    ['24:00', '9:30', '12:60', 'noon'],
  );
});

describe('formatRupees', () => {
  formats(
    formatRupees,
    [
      [0, '₹0'],
      [999, '₹999'],
      [1000, '₹1,000'],
      [575000, '₹5,75,000'],
      [12500000, '₹1,25,00,000'],
      [99999.6, '₹1,00,000'],
    ],
    [],
  );

  it('labels an SMS amount Rs. (the GSM 7-bit alphabet has no rupee sign)', () => {
    expect(formatRupees(575000, 'Rs. ')).toBe('Rs. 5,75,000');
    expect(formatRupees(-1500)).toBe('-₹1,500');
  });
});

describe('HTML escaping', () => {
  it('escapes the five special characters', () => {
    expect(escapeHtml(EVIL)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Tom&#39;');
  });

  it('escapes every value in the HTML version and keeps the text version verbatim', () => {
    const mail = renderMail({
      subject: `Hi ${EVIL}`,
      greeting: `Hello ${EVIL},`,
      paragraphs: [`Para ${EVIL}\nsecond line`],
      details: [[`Label ${EVIL}`, `Value ${EVIL}`]],
      link: { label: `Go ${EVIL}`, url: 'https://x.in/a?b=1&c="2"' },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain(`'Tom'`);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('href="https://x.in/a?b=1&amp;c=&quot;2&quot;"');
    expect(mail.html).toContain('second line');
    expect(mail.html).toMatch(/Para .*<br>\nsecond line/);
    expect(mail.text).toContain(`Hello ${EVIL},`);
    expect(mail.text).toContain(`Label ${EVIL}: Value ${EVIL}`);
    expect(mail.subject).toBe(`Hi ${EVIL}`);
  });

  it('escapes user-provided names in every template', () => {
    const mails = [
      welcomeMail({ name: EVIL }),
      passwordChangedMail({ name: EVIL, changedAt: '2026-11-23T12:00:00.000Z' }),
      carListedMail({
        sellerName: EVIL,
        carId: 'c1',
        name: EVIL,
        manufacturerYear: 2020,
        price: 1,
        city: EVIL,
      }),
      testDriveMail({ ...booking, recipientName: EVIL, buyerName: EVIL, carName: EVIL, role: 'seller' }),
      contactMail({ name: EVIL, email: 'a@b.in', subject: EVIL, message: EVIL, phone_number: EVIL }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toMatch(/<script|'Tom'|"x"/);
      expect(mail.html).toContain('&lt;script&gt;');
      expect(mail.text).toContain(EVIL);
    }
  });
});

/** String.replace patterns and line separators, as a user may type them (issue 47). */
const PATTERNS = "$` $' $& $1 $$ $<x> \u2028 \u2029 end";

describe('text is inserted as text (issue 47)', () => {
  /** Each template with `text` as every user-provided value. */
  const templates = (text: string) => [
    welcomeMail({ name: text, publicUrl: 'https://cars.example.in' }),
    passwordChangedMail({ name: text, changedAt: '2026-11-23T12:00:00.000Z' }),
    carListedMail({
      sellerName: text,
      carId: 'c1',
      name: text,
      manufacturerYear: 2020,
      price: 1,
      city: text,
    }),
    testDriveMail({ ...booking, recipientName: text, buyerName: text, carName: text, role: 'seller' }),
    contactMail({ name: text, email: 'a@b.in', subject: text, message: `${text}\n${text}` }),
  ];

  it('keeps replacement patterns in names and messages as typed: subject, text and HTML', () => {
    const mails = templates(PATTERNS);
    // As long as with plain text of the same length: no pattern was expanded.
    const plain = templates('x'.repeat(PATTERNS.length));
    mails.forEach((mail, i) => {
      expect(mail.text).toContain(PATTERNS);
      expect(mail.text.length).toBe(plain[i]?.text.length);
      expect(mail.subject.length).toBe(plain[i]?.subject.length);
      expect(mail.html).toContain(escapeHtml(PATTERNS));
      expect(mail.html.match(/<!doctype html>/g)).toHaveLength(1);
    });
    expect(mails[0]?.text).toContain(`Hello ${PATTERNS},`);
    expect(mails[2]?.subject).toBe(`Your ${PATTERNS} is now listed`);
    expect(mails[3]?.subject).toBe(`New test-drive booking for your ${PATTERNS}`);
    expect(mails[3]?.text).toContain(`Booked by: ${PATTERNS}`);
    expect(mails[4]?.subject).toBe(`Contact form: ${PATTERNS}`);
    expect(mails[4]?.text).toContain(`Message: ${PATTERNS}\n  ${PATTERNS}`);
    expect(mails[4]?.html).toContain(`${escapeHtml(PATTERNS)}<br>\n${escapeHtml(PATTERNS)}`);
  });
});

const booking: TestDriveMailInput = {
  kind: 'booked',
  role: 'buyer',
  recipientName: 'Asha',
  carId: 'car-1',
  carName: 'Hyundai Creta',
  appointmentDate: '2026-03-14',
  appointmentTime: '18:30',
  status: 'Pending',
  publicUrl: 'https://cars.example.in/',
};

describe('templates', () => {
  it('OTP SMS carries the code and its validity', () => {
    expect(otpSmsText('012345')).toMatch(/^012345 is your .* code\. It expires in 10 minutes/);
  });

  it('welcome e-mail greets the user and links to the site when PUBLIC_URL is known', () => {
    const mail = welcomeMail({ name: 'Asha Rao', publicUrl: 'https://cars.example.in' });
    expect(mail.subject).toBe('Welcome to CarBazaar');
    expect(mail.text).toContain('Hello Asha Rao,');
    expect(mail.text).toContain('https://cars.example.in/buy-a-car');
    expect(welcomeMail({ name: 'A' }).text).not.toContain('http');
  });

  it('password notice says when in India time and where to write if it was not the user', () => {
    // 18:45 UTC on 23 November is 00:15 on 24 November in India.
    const mail = passwordChangedMail({
      name: 'Asha Rao',
      changedAt: '2026-11-23T18:45:00.000Z',
      supportEmail: 'help@cars.example.in',
      publicUrl: 'https://cars.example.in',
    });
    expect(mail.subject).toBe('Your CarBazaar password was changed');
    expect(mail.text).toContain('Hello Asha Rao,');
    expect(mail.text).toContain('on Tuesday, 24 November 2026 at 12:15 AM (India time)');
    expect(mail.text).toContain('write to help@cars.example.in at once');
    expect(mail.text).toContain('https://cars.example.in/contact');
    expect(passwordChangedMail({ name: 'A', changedAt: '2026-11-23T06:30:00Z' }).text).toContain(
      'contact our support team',
    );
  });

  it('car-listed e-mail names the car, year, price in rupees and city', () => {
    const mail = carListedMail({
      sellerName: 'Ravi',
      carId: 'c-9',
      name: 'Tata Nexon XZ',
      manufacturerYear: 2021,
      price: 875000,
      city: 'Pune',
      publicUrl: 'https://cars.example.in',
    });
    expect(mail.subject).toBe('Your Tata Nexon XZ is now listed');
    expect(mail.text).toContain('Price: ₹8,75,000');
    expect(mail.text).toContain('City: Pune');
    expect(mail.text).toContain('https://cars.example.in/car-details/c-9');
    expect(
      carListedMail({ sellerName: 'R', carId: 'c', manufacturerYear: 2021, price: 1, city: 'X' }).subject,
    ).toBe('Your car is now listed');
  });

  it('test-drive e-mails carry the car, a readable date and a 12-hour time for buyer and seller', () => {
    const buyer = testDriveMail(booking);
    expect(buyer.subject).toBe('Test drive booked: Hyundai Creta on Saturday, 14 March 2026, 6:30 PM');
    expect(buyer.text).toContain('Date: Saturday, 14 March 2026');
    expect(buyer.text).toContain('Time: 6:30 PM');
    expect(buyer.text).toContain('https://cars.example.in/appointment');
    expect(buyer.html).toContain('<td style="padding:4px 0">6:30 PM</td>');
    const seller = testDriveMail({ ...booking, role: 'seller', recipientName: 'Ravi', buyerName: 'Asha' });
    expect(seller.subject).toBe('New test-drive booking for your Hyundai Creta');
    expect(seller.text).toContain('Asha booked a test drive of your Hyundai Creta');
    expect(seller.text).toContain('Booked by: Asha');
    expect(seller.text).toContain('https://cars.example.in/car-details/car-1');
  });

  it('says what changed for rescheduled, cancelled and status-changed bookings', () => {
    const moved = testDriveMail({
      ...booking,
      kind: 'rescheduled',
      appointmentTime: '00:00',
      previous: { appointmentDate: '2026-03-13', appointmentTime: '12:00' },
    });
    expect(moved.subject).toBe('Test drive rescheduled: Hyundai Creta on Saturday, 14 March 2026, 12:00 AM');
    expect(moved.text).toContain('Previously: Friday, 13 March 2026, 12:00 PM');
    const cancelled = testDriveMail({
      ...booking,
      kind: 'cancelled',
      status: 'Cancelled',
      actor: 'buyer',
      role: 'seller',
    });
    expect(cancelled.subject).toBe('Test drive cancelled: Hyundai Creta');
    expect(cancelled.text).toContain('The test drive of your Hyundai Creta was cancelled by the buyer.');
    const confirmed = testDriveMail({
      ...booking,
      kind: 'status_changed',
      status: 'Confirmed',
      previousStatus: 'Pending',
      actor: 'seller',
    });
    expect(confirmed.subject).toBe('Test drive confirmed: Hyundai Creta');
    expect(confirmed.text).toContain('Your test drive of the Hyundai Creta is confirmed by the seller.');
    expect(confirmed.text).toContain('Previous status: Pending');
  });

  it('contact e-mail lists the sender, subject and message for the support team', () => {
    const mail = contactMail({
      name: 'Asha',
      email: 'asha@example.in',
      phone_number: '+91 98765 43210',
      message: 'Line one\nLine two',
    });
    expect(mail.subject).toBe('Contact form: message from Asha');
    expect(mail.text).toContain('E-mail: asha@example.in');
    expect(mail.text).toContain('Phone: +91 98765 43210');
    expect(mail.text).toContain('Message: Line one\n  Line two');
    expect(mail.html).toContain('Line one<br>\nLine two');
    expect(contactMail({ name: 'A', email: 'a@b.in', subject: 'Price', message: 'm' }).subject).toBe(
      'Contact form: Price',
    );
  });
});
