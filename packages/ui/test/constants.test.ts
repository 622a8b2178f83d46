import * as contracts from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';
import * as ui from '../src/constants';

describe('front-end constants', () => {
  it('equal the contract values (front ends import contracts for types only)', () => {
    expect(ui.TOAST_AUTO_CLOSE_MS).toBe(contracts.TOAST_AUTO_CLOSE_MS);
    expect(ui.AUTH_COOKIE_NAME).toBe(contracts.AUTH_COOKIE_NAME);
    expect(ui.SIGNED_IN_COOKIE_NAME).toBe(contracts.SIGNED_IN_COOKIE_NAME);
    expect(ui.PAGE_SIZE).toBe(contracts.PAGE_SIZE);
    expect(ui.PAGINATION_WINDOW).toBe(contracts.PAGINATION_WINDOW);
    expect(ui.PLACEHOLDER_RATING).toBe(contracts.PLACEHOLDER_RATING);
    expect(ui.PLACEHOLDER_REVIEW_COUNT).toBe(contracts.PLACEHOLDER_REVIEW_COUNT);
    expect(contracts.roles).toContain(ui.ADMIN_ROLE);
    expect(ui.MAX_UPLOAD_BYTES).toBe(contracts.MAX_UPLOAD_BYTES);
    expect(ui.UPLOAD_CONTENT_TYPES).toEqual(contracts.UPLOAD_CONTENT_TYPES);
  });
});
