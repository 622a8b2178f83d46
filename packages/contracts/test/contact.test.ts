import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE_MAX_LENGTH, contactBody } from '../src/index';

const valid = { name: ' Asha Rao ', email: 'Asha@Example.in', message: ' Is the Creta still for sale? ' };

describe('contactBody', () => {
  it('trims, lower-cases the e-mail and treats empty optional fields as absent', () => {
    expect(contactBody.parse({ ...valid, phone_number: '', subject: '  ' })).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.in',
      message: 'Is the Creta still for sale?',
    });
  });

  it('keeps a phone number as written and puts the subject on one line', () => {
    const parsed = contactBody.parse({
      ...valid,
      phone_number: '+91 98765-43210',
      subject: 'Test\r\ndrive\tquestion',
    });
    expect(parsed).toMatchObject({ phone_number: '+91 98765-43210', subject: 'Test drive question' });
  });

  it.each([
    [{ ...valid, name: ' ' }, 'name'],
    [{ ...valid, email: 'nope' }, 'email'],
    [{ ...valid, message: '' }, 'message'],
    [{ ...valid, message: 'x'.repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) }, 'message'],
    [{ ...valid, phone_number: 'call me' }, 'phone_number'],
    [{ ...valid, phone_number: '12' }, 'phone_number'],
    [{ ...valid, subject: 's'.repeat(151) }, 'subject'],
  ])('rejects %o naming %s', (input, field) => {
    const result = contactBody.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
    expect(result.error?.issues[0]?.message).toContain(field);
  });
});
