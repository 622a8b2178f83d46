/** The auth schemas (issue 4): sign-up, OTP, login, admin user creation, the user as read. */
import { describe, expect, it } from 'vitest';
import {
  createUserBody,
  getAllUserQuery,
  loginBody,
  registerBody,
  user,
  verifyMobileOtpBody,
} from '../src/index';
import { expectRejected, ID } from './schema-helpers';

describe('auth', () => {
  const signup = {
    name: 'Asha Rao',
    username: 'asha.rao_1',
    email: 'Asha@Example.in',
    phone_number: '+91 9876543210',
    password: 'secret123',
    confirm_password: 'secret123',
  };

  it('accepts a sign-up and normalises e-mail and phone', () => {
    const parsed = registerBody.parse(signup);
    expect(parsed.email).toBe('asha@example.in');
    expect(parsed.phone_number).toBe('9876543210');
  });

  it.each([
    [{ email: 'not-an-email' }, 'email'],
    [{ email: undefined }, 'email'],
    [{ phone_number: '12345' }, 'phone_number'],
    [{ phone_number: '+1 9876543210' }, 'phone_number'],
    [{ username: 'Asha Rao' }, 'username'],
    [{ username: 'ab' }, 'username'],
    [{ password: 'short1', confirm_password: 'short1' }, 'password'],
    [{ password: 'lettersonly', confirm_password: 'lettersonly' }, 'password'],
    [{ password: '1234567890', confirm_password: '1234567890' }, 'password'],
    [{ confirm_password: 'different1' }, 'confirm_password'],
    [{ name: '   ' }, 'name'],
  ])('rejects sign-up %j naming %s', (patch, field) => {
    expectRejected(registerBody, { ...signup, ...patch }, field);
  });

  it('takes the OTP as a 6-digit number', () => {
    expect(verifyMobileOtpBody.parse({ phone_number: '9876543210', otp: 123456 }).otp).toBe(123456);
    expect(verifyMobileOtpBody.parse({ phone_number: '9876543210', otp: 12345 }).otp).toBe(12345);
    expect(verifyMobileOtpBody.parse({ phone_number: '9876543210', otp: '012345' }).otp).toBe(12345);
    expectRejected(verifyMobileOtpBody, { phone_number: '9876543210', otp: '12a456' }, 'otp');
    expectRejected(verifyMobileOtpBody, { phone_number: '9876543210', otp: 1234567 }, 'otp');
    expectRejected(verifyMobileOtpBody, { phone_number: '9876543210' }, 'otp');
  });

  it('validates login and admin user creation', () => {
    expect(loginBody.parse({ email: 'a@b.in', password: 'x' })).toEqual({ email: 'a@b.in', password: 'x' });
    expectRejected(loginBody, { email: 'a@b.in', password: '' }, 'password');
    const created = createUserBody.parse({
      name: 'Admin Two',
      username: 'admin2',
      email: 'admin2@example.in',
      password: 'admin1234',
      phone_number: '',
    });
    expect(created.role).toBe('User');
    expect(created.phone_number).toBeUndefined();
    expectRejected(createUserBody, { ...created, role: 'Root' }, 'role');
    expect(getAllUserQuery.parse({ userType: '' }).userType).toBeUndefined();
    expectRejected(getAllUserQuery, { userType: 'Guest' }, 'userType');
  });

  it('describes a user without secrets', () => {
    const u = { _id: ID, name: 'A', role: 'Admin', profile: '/avatar.png', email: 'a@b.in', password: 'x' };
    expect(user.parse(u)).not.toHaveProperty('password');
  });
});
