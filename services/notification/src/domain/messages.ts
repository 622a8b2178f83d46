/**
 * Texts of the messages the notification worker sends (no I/O). Every e-mail is built as a {@link MailContent}
 * — subject, greeting, paragraphs, a table of details and an optional link, all plain text — and
 * {@link renderMail} turns it into the plain-text and HTML versions. The renderer escapes every value for
 * HTML, so no template can forget to escape a user-provided name, car name or contact message.
 *
 * Dates read `Saturday, 14 March 2026` and times `6:30 PM` (format.ts). OTP validity (10 minutes) is the
 * auth rule of issue 4. Links are absolute when the public URL of the site (`PUBLIC_URL`) is known, else
 * left out.
 */
import { OTP_TTL_MINUTES, PRODUCT_NAME, type TestDriveStatus } from '@marketplace/contracts';
import { escapeHtml, escapeHtmlLines, formatDate, formatRupees, formatTime } from './format';

/** The product's brand name, used in every message (the contracts' vocabulary). */
export { PRODUCT_NAME };

/** SMS carrying a sign-up one-time code (6 digits, spec §9). */
export function otpSmsText(otp: string): string {
  return `${otp} is your ${PRODUCT_NAME} verification code. It expires in ${OTP_TTL_MINUTES} minutes. Do not share it with anyone.`;
}

/** An e-mail before rendering; every string is plain text (escaped by {@link renderMail}). */
export interface MailContent {
  subject: string;
  /** e.g. `Hello Asha,`; omitted for messages to the support team. */
  greeting?: string;
  paragraphs: string[];
  /** Label/value rows, e.g. `['Date', 'Saturday, 14 March 2026']`; values may span lines. */
  details?: Array<[string, string]>;
  /** Entries listed after the details, e.g. the cars of an alert (each with its own link). */
  items?: MailItem[];
  link?: { label: string; url: string };
  /** Closing line; default `— The CarBazaar team`. */
  signOff?: string;
  /** A small note below the sign-off with its link, e.g. why the e-mail came and how to unsubscribe. */
  footer?: { text: string; link: { label: string; url: string } };
}

/** One entry of {@link MailContent.items}: a title, detail lines and a link, all plain text. */
export interface MailItem {
  title: string;
  lines?: string[];
  link?: { label: string; url: string };
}

/** A rendered e-mail: one-line subject, plain text and HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * Renders `content` as plain text and as HTML (every value escaped; see the module comment). Order:
 * greeting, paragraphs, details, items (`- title`, indented lines and link), link, sign-off, footer.
 */
export function renderMail(content: MailContent): RenderedMail {
  const signOff = content.signOff ?? `— The ${PRODUCT_NAME} team`;
  const text: string[] = [];
  if (content.greeting) text.push(content.greeting, '');
  for (const p of content.paragraphs) text.push(p, '');
  if (content.details?.length) {
    for (const [label, value] of content.details) {
      const [first, ...more] = value.split(/\r\n|\r|\n/);
      text.push(`${label}: ${first}`, ...more.map((line) => `  ${line}`));
    }
    text.push('');
  }
  for (const item of content.items ?? []) {
    text.push(`- ${item.title}`, ...(item.lines ?? []).map((l) => `  ${l}`));
    if (item.link) text.push(`  ${item.link.label}: ${item.link.url}`);
    text.push('');
  }
  if (content.link) text.push(`${content.link.label}: ${content.link.url}`, '');
  text.push(signOff);
  if (content.footer)
    text.push('', content.footer.text, `${content.footer.link.label}: ${content.footer.link.url}`);

  const html: string[] = [
    '<!doctype html>',
    '<html lang="en-IN">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(PRODUCT_NAME)}</h1>`,
  ];
  if (content.greeting) html.push(`<p>${escapeHtml(content.greeting)}</p>`);
  for (const p of content.paragraphs) html.push(`<p>${escapeHtmlLines(p)}</p>`);
  if (content.details?.length) {
    html.push('<table style="border-collapse:collapse;margin:8px 0 16px" role="presentation">');
    for (const [label, value] of content.details) {
      html.push(
        `<tr><th style="text-align:left;padding:4px 16px 4px 0;vertical-align:top">${escapeHtml(label)}</th>` +
          `<td style="padding:4px 0">${escapeHtmlLines(value)}</td></tr>`,
      );
    }
    html.push('</table>');
  }
  const a = (l: { label: string; url: string }) =>
    `<a href="${escapeHtml(l.url)}" style="color:#0b63ce">${escapeHtml(l.label)}</a>`;
  if (content.items?.length) {
    html.push('<ul style="padding-left:20px;margin:8px 0 16px">');
    for (const item of content.items) {
      const lines = [`<strong>${escapeHtml(item.title)}</strong>`, ...(item.lines ?? []).map(escapeHtml)];
      if (item.link) lines.push(a(item.link));
      html.push(`<li style="margin:0 0 12px">${lines.join('<br>\n')}</li>`);
    }
    html.push('</ul>');
  }
  if (content.link) html.push(`<p>${a(content.link)}</p>`);
  html.push(`<p style="color:#52606d">${escapeHtml(signOff)}</p>`);
  if (content.footer) {
    html.push(
      `<p style="font-size:12px;color:#7b8794">${escapeHtml(content.footer.text)} ${a(content.footer.link)}</p>`,
    );
  }
  html.push('</div>', '</body>', '</html>');
  return { subject: content.subject, text: text.join('\n'), html: html.join('\n') };
}

/** `base` + `path` when the site's public URL is known (trailing slashes of `base` ignored). */
export function siteLink(base: string | undefined, path: string): string | undefined {
  return base ? `${base.replace(/\/+$/, '')}${path}` : undefined;
}

const withLink = (label: string, url: string | undefined) => (url ? { link: { label, url } } : {});

/** Welcome e-mail after the mobile number is verified (`auth.user.verified`). */
export function welcomeMail(input: { name: string; publicUrl?: string }): RenderedMail {
  return renderMail({
    subject: `Welcome to ${PRODUCT_NAME}`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      'Your mobile number is verified and your account is ready.',
      'You can now book free test drives of the cars you like and sell your own car in a few steps.',
    ],
    ...withLink('Browse cars', siteLink(input.publicUrl, '/buy-a-car')),
  });
}

/**
 * The e-mail verification link (`auth.email.verification_requested`, issue 20): the link proves the
 * address is the user's. Without PUBLIC_URL the link is the site-relative path (development).
 */
export function emailVerificationMail(input: {
  name: string;
  token: string;
  publicUrl?: string;
}): RenderedMail {
  const path = `/profile?verifyEmail=${encodeURIComponent(input.token)}`;
  const url = siteLink(input.publicUrl, path) ?? path;
  return renderMail({
    subject: `Verify your e-mail address for ${PRODUCT_NAME}`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      'Please confirm that this e-mail address is yours by opening the link below. It is valid for 24 hours.',
      'If you did not sign up, ignore this e-mail: the address stays free for its owner.',
    ],
    link: { label: 'Verify my e-mail address', url },
  });
}

const indiaParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO instant as India-time `YYYY-MM-DD` and `HH:MM` (Asia/Kolkata, UTC+05:30). */
function indiaDateTime(iso: string): { date: string; time: string } {
  const part = (type: string) => indiaParts.formatToParts(new Date(iso)).find((p) => p.type === type)?.value;
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/**
 * The security notice after a password change (`auth.password.changed`): when and that it happened, and
 * what to do if it was not the user (contact support; `supportEmail` is SUPPORT_EMAIL). Says nothing about
 * the password itself.
 */
export function passwordChangedMail(input: {
  name: string;
  changedAt: string;
  supportEmail?: string;
  publicUrl?: string;
}): RenderedMail {
  const at = indiaDateTime(input.changedAt);
  const help = input.supportEmail ? `write to ${input.supportEmail}` : 'contact our support team';
  return renderMail({
    subject: `Your ${PRODUCT_NAME} password was changed`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `The password of your ${PRODUCT_NAME} account was changed on ${formatDate(at.date)} at ${formatTime(at.time)} (India time).`,
      `If you made this change, there is nothing else to do. If you did not, ${help} at once so we can secure your account.`,
    ],
    ...withLink('Contact us', siteLink(input.publicUrl, '/contact')),
  });
}

/** A car's display name from its brand, model and optional variant names, e.g. `Hyundai Creta SX`. */
export function carName(names: { brand: string; model: string; variant?: string }): string {
  return [names.brand, names.model, names.variant].filter(Boolean).join(' ');
}

/** E-mail to the seller when their car is listed (`listing.car.created`). `name` undefined → "your car". */
export function carListedMail(input: {
  sellerName: string;
  carId: string;
  /** e.g. `Hyundai Creta SX`; undefined for events without names. */
  name?: string;
  manufacturerYear: number;
  /** Whole rupees. */
  price: number;
  city: string;
  publicUrl?: string;
}): RenderedMail {
  const what = input.name ? `your ${input.name}` : 'your car';
  return renderMail({
    subject: input.name ? `Your ${input.name} is now listed` : 'Your car is now listed',
    greeting: `Hello ${input.sellerName},`,
    paragraphs: [
      `Thank you for listing ${what} for sale. Buyers can now find it and book a free test drive; we will e-mail you about every booking.`,
    ],
    details: [
      ['Car', input.name ?? 'Your car'],
      ['Year', String(input.manufacturerYear)],
      ['Price', formatRupees(input.price)],
      ['City', input.city],
    ],
    ...withLink(
      'See your listing',
      siteLink(input.publicUrl, `/car-details/${encodeURIComponent(input.carId)}`),
    ),
  });
}

/** The four test-drive events (issue 7). */
export type TestDriveEventKind = 'booked' | 'rescheduled' | 'cancelled' | 'status_changed';

/** Who caused a test-drive change, as the recipient should read it. */
export type TestDriveActor = 'you' | 'buyer' | 'seller' | 'team';

/** Everything a test-drive e-mail says. */
export interface TestDriveMailInput {
  kind: TestDriveEventKind;
  /** The recipient's side of the booking. */
  role: 'buyer' | 'seller';
  recipientName: string;
  /** For the seller: the booker's name, when known. */
  buyerName?: string;
  carId: string;
  /** e.g. `Hyundai Creta`. */
  carName: string;
  /** `YYYY-MM-DD`. */
  appointmentDate: string;
  /** `HH:MM`, 24-hour. */
  appointmentTime: string;
  status: TestDriveStatus;
  /** For `rescheduled`: the previous date and time. */
  previous?: { appointmentDate: string; appointmentTime: string };
  /** For `status_changed`: the previous status. */
  previousStatus?: TestDriveStatus;
  /** For `cancelled` and `status_changed`: who did it. */
  actor?: TestDriveActor;
  publicUrl?: string;
}

const actorText: Record<TestDriveActor, string> = {
  you: 'you',
  buyer: 'the buyer',
  seller: 'the seller',
  team: 'our team',
};

/** The subject and opening paragraph of a test-drive e-mail (see {@link testDriveMail}). */
function testDriveOpening(i: TestDriveMailInput, when: string): { subject: string; paragraph: string } {
  const car = i.carName;
  const by = i.actor ? ` by ${actorText[i.actor]}` : '';
  const buyer = i.buyerName ?? 'A buyer';
  switch (i.kind) {
    case 'booked':
      return i.role === 'buyer'
        ? {
            subject: `Test drive booked: ${car} on ${when}`,
            paragraph: `Your free test drive of the ${car} is booked. The seller will confirm it soon.`,
          }
        : {
            subject: `New test-drive booking for your ${car}`,
            paragraph: `${buyer} booked a test drive of your ${car}. Please confirm it in your account.`,
          };
    case 'rescheduled':
      return i.role === 'buyer'
        ? {
            subject: `Test drive rescheduled: ${car} on ${when}`,
            paragraph: `Your test drive of the ${car} has a new date and time.`,
          }
        : {
            subject: `Test drive of your ${car} rescheduled to ${when}`,
            paragraph: `${buyer} moved the test drive of your ${car} to a new date and time.`,
          };
    case 'cancelled':
      return {
        subject: `Test drive cancelled: ${car}`,
        paragraph:
          i.role === 'buyer'
            ? `Your test drive of the ${car} was cancelled${by}.`
            : `The test drive of your ${car} was cancelled${by}.`,
      };
    case 'status_changed': {
      const whose = i.role === 'buyer' ? 'Your test drive of the' : 'The test drive of your';
      const what: Record<TestDriveStatus, string> = {
        Pending: 'is pending again',
        Confirmed: 'is confirmed',
        Completed: 'is completed. Thank you',
        Cancelled: 'was cancelled',
      };
      return {
        subject: `Test drive ${i.status.toLowerCase()}: ${car}`,
        paragraph: `${whose} ${car} ${what[i.status]}${i.status === 'Completed' ? '' : by}.`,
      };
    }
  }
}

/** E-mail to the buyer or the seller about a `testdrive.*` event (car, date, time, status). */
export function testDriveMail(i: TestDriveMailInput): RenderedMail {
  const date = formatDate(i.appointmentDate);
  const time = formatTime(i.appointmentTime);
  const { subject, paragraph } = testDriveOpening(i, `${date}, ${time}`);
  const details: Array<[string, string]> = [
    ['Car', i.carName],
    ['Date', date],
    ['Time', time],
    ['Status', i.status],
  ];
  if (i.kind === 'rescheduled' && i.previous) {
    details.push([
      'Previously',
      `${formatDate(i.previous.appointmentDate)}, ${formatTime(i.previous.appointmentTime)}`,
    ]);
  }
  if (i.kind === 'status_changed' && i.previousStatus) details.push(['Previous status', i.previousStatus]);
  if (i.role === 'seller' && i.buyerName) details.push(['Booked by', i.buyerName]);
  const link =
    i.role === 'buyer'
      ? withLink('Your appointments', siteLink(i.publicUrl, '/appointment'))
      : withLink('The car', siteLink(i.publicUrl, `/car-details/${encodeURIComponent(i.carId)}`));
  return renderMail({
    subject,
    greeting: `Hello ${i.recipientName},`,
    paragraphs: [paragraph],
    details,
    ...link,
  });
}

/** E-mail to the support address from the Contact page (`POST /api/contact`); replies go to `email`. */
export function contactMail(input: {
  name: string;
  email: string;
  phone_number?: string;
  subject?: string;
  message: string;
}): RenderedMail {
  const details: Array<[string, string]> = [
    ['Name', input.name],
    ['E-mail', input.email],
  ];
  if (input.phone_number) details.push(['Phone', input.phone_number]);
  if (input.subject) details.push(['Subject', input.subject]);
  details.push(['Message', input.message]);
  return renderMail({
    subject: `Contact form: ${input.subject || `message from ${input.name}`}`,
    paragraphs: ['A visitor wrote through the Contact page. Reply to this e-mail to answer them.'],
    details,
    signOff: `— ${PRODUCT_NAME} website`,
  });
}
