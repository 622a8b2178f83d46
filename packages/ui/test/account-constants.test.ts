import * as contracts from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';
import * as ui from '../src/constants';

describe('front-end constants of mfe-account', () => {
  it('equal the contract values (OTP length, test-drive hours)', () => {
    expect(ui.OTP_LENGTH).toBe(contracts.OTP_LENGTH);
    expect(ui.TEST_DRIVE_SLOT_MINUTES).toBe(contracts.TEST_DRIVE_SLOT_MINUTES);
    expect(ui.TEST_DRIVE_MAX_DAYS_AHEAD).toBe(contracts.TEST_DRIVE_MAX_DAYS_AHEAD);
    expect(ui.TEST_DRIVE_OPENING_TIME).toBe(contracts.TEST_DRIVE_OPENING_TIME);
    expect(ui.TEST_DRIVE_CLOSING_TIME).toBe(contracts.TEST_DRIVE_CLOSING_TIME);
    expect(ui.TEST_DRIVE_TIME_ZONE).toBe(contracts.TEST_DRIVE_TIME_ZONE);
    expect(ui.USERNAME_PATTERN.source).toBe(contracts.USERNAME_PATTERN.source);
    expect(ui.INDIAN_MOBILE_PATTERN.source).toBe(contracts.INDIAN_MOBILE_PATTERN.source);
  });
});
