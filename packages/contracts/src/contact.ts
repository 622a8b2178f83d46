/**
 * The Contact page's form (spec §2 "Static pages": Name, Email, Phone No., Message; the spec's form is inert,
 * issue 7 makes it real): `POST /api/contact` e-mails the support address (notification service).
 */
import { z } from 'zod';
import { emailField } from './auth';
import { fieldError, freeTextField, textField } from './common';

/** Longest accepted contact message, in characters. */
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
/** Longest accepted subject, in characters. */
export const CONTACT_SUBJECT_MAX_LENGTH = 150;
/** A phone number as people write it: digits with an optional leading `+`, spaces, hyphens, brackets; 6–20 characters. */
export const CONTACT_PHONE_PATTERN = /^\+?[\d\s()-]{6,20}$/;

/** `POST /api/contact` body: `{ name, email, phone_number?, subject?, message }`; empty optional fields count as absent. */
export const contactBody = z
  .object({
    name: textField('name', 100),
    email: emailField(),
    phone_number: z
      .string({ error: fieldError('phone_number', 'phone_number must be a string') })
      .trim()
      .refine(
        (v) => v === '' || (CONTACT_PHONE_PATTERN.test(v) && /\d{6}/.test(v.replace(/\D/g, ''))),
        'phone_number must be a phone number',
      )
      .transform((v) => v || undefined)
      .optional(),
    subject: freeTextField('subject', CONTACT_SUBJECT_MAX_LENGTH)
      .transform((v) => v.replace(/\s+/g, ' ') || undefined)
      .optional(),
    message: textField('message', CONTACT_MESSAGE_MAX_LENGTH, { lineBreaks: true }),
  })
  .meta({ id: 'ContactBody', description: 'A message from the Contact page to the support team' });
/** Input type of {@link contactBody}. */
export type ContactBody = z.input<typeof contactBody>;

/** `POST /api/contact` answer: `{ message }` (a thank-you to show). */
export const contactResponse = z.object({ message: z.string() }).meta({ id: 'ContactResponse' });
