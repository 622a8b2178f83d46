/**
 * /contact (spec §2 "Static pages"; issue 9 makes the form real): Name, Email, Phone No., Message, Send
 * Message, validated here and sent with `POST /api/contact` to the support team (notification service);
 * placeholder address, phone, e-mail and fax.
 */
import { Button, TextAreaField, TextField, toast, usePageMeta } from '@marketplace/ui';
import { type FormEvent, useState } from 'react';
import { type ContactMessage, sendContactMessage } from '../../api/contact';
import { PageShell } from './PageShell';

/** Longest message the API accepts (contracts `CONTACT_MESSAGE_MAX_LENGTH`). */
const MESSAGE_MAX_LENGTH = 5000;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[\d\s()-]{6,20}$/;

type Fields = { name: string; email: string; phone_number: string; message: string };
type Errors = Partial<Record<keyof Fields, string>>;

const empty: Fields = { name: '', email: '', phone_number: '', message: '' };

/** The form's checks, as the API makes them (contracts `contactBody`). */
export function validateContact(f: Fields): Errors {
  const errors: Errors = {};
  if (!f.name.trim()) errors.name = 'Please enter your name.';
  else if (f.name.trim().length > 100) errors.name = 'Please keep your name under 100 characters.';
  if (!f.email.trim()) errors.email = 'Please enter your e-mail address.';
  else if (!EMAIL_PATTERN.test(f.email.trim())) errors.email = 'Please enter a valid e-mail address.';
  const phone = f.phone_number.trim();
  if (phone && !(PHONE_PATTERN.test(phone) && phone.replace(/\D/g, '').length >= 6))
    errors.phone_number = 'Please enter a valid phone number, or leave it empty.';
  if (!f.message.trim()) errors.message = 'Please write a message.';
  else if (f.message.length > MESSAGE_MAX_LENGTH)
    errors.message = `Please keep your message under ${MESSAGE_MAX_LENGTH} characters.`;
  return errors;
}

const details = [
  ['Address', '4th Floor, Prestige Tower, MG Road, Bengaluru, Karnataka 560001'],
  ['Phone', '+91 80 4000 1234'],
  ['E-mail', 'support@marketplace.local'],
  ['Fax', '+91 80 4000 1235'],
] as const;

/** The Contact page. */
export function ContactPage() {
  usePageMeta({
    title: 'Contact us',
    description: 'Write to our support team, call us or visit our office in Bengaluru.',
  });
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const set = (name: keyof Fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [name]: e.target.value }));
    if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = validateContact(fields);
    setErrors(found);
    const first = (Object.keys(found) as (keyof Fields)[])[0];
    if (first) {
      e.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const body: ContactMessage = {
      name: fields.name.trim(),
      email: fields.email.trim(),
      message: fields.message.trim(),
      ...(fields.phone_number.trim() ? { phone_number: fields.phone_number.trim() } : {}),
    };
    setSending(true);
    try {
      const message = await sendContactMessage(body);
      toast.success(message);
      setSent(message);
      setFields(empty);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSending(false);
    }
  };

  return (
    <PageShell
      title="Contact us"
      lead="Questions about a car, a test drive or your listing? We answer within one working day."
    >
      <div className="cat:grid cat:gap-10 cat:lg:grid-cols-[3fr_2fr]">
        <form noValidate onSubmit={onSubmit} aria-label="Contact form" className="cat:grid cat:gap-4">
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            required
            value={fields.name}
            onChange={set('name')}
            error={errors.name}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={fields.email}
            onChange={set('email')}
            error={errors.email}
          />
          <TextField
            label="Phone No."
            name="phone_number"
            type="tel"
            autoComplete="tel"
            hint="Optional"
            value={fields.phone_number}
            onChange={set('phone_number')}
            error={errors.phone_number}
          />
          <TextAreaField
            label="Message"
            name="message"
            required
            rows={6}
            maxLength={MESSAGE_MAX_LENGTH}
            value={fields.message}
            onChange={set('message')}
            error={errors.message}
          />
          <div>
            <Button type="submit" disabled={sending}>
              {sending ? 'Sending…' : 'Send Message'}
            </Button>
          </div>
          {sent ? (
            <p
              role="status"
              className="cat:rounded-lg cat:bg-emerald-50 cat:p-3 cat:text-sm cat:text-emerald-800 cat:dark:bg-emerald-950 cat:dark:text-emerald-200"
            >
              {sent}
            </p>
          ) : null}
        </form>
        <aside
          aria-labelledby="contact-details"
          className="cat:rounded-2xl cat:bg-slate-100 cat:p-6 cat:dark:bg-slate-900"
        >
          <h2 id="contact-details" className="cat:text-lg cat:font-bold">
            Reach us
          </h2>
          <dl className="cat:mt-4 cat:space-y-3 cat:text-sm">
            {details.map(([label, value]) => (
              <div key={label}>
                <dt className="cat:font-semibold">{label}</dt>
                <dd className="cat:text-slate-600 cat:dark:text-slate-300">{value}</dd>
              </div>
            ))}
          </dl>
        </aside>
      </div>
    </PageShell>
  );
}
