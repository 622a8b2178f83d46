/**
 * Issue 20, point 11 (unit): every text field builder refuses C0 control characters and DEL with a message
 * naming the field; free text (and a required message) keeps tab and line breaks.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  carCreateBody,
  carSearchQuery,
  confirmImagesBody,
  contactBody,
  controlCharacterIndex,
  freeTextField,
  idField,
  queryId,
  queryList,
  queryText,
  textField,
} from '../src/index';

/** The first issue's message, or undefined when `input` parses. */
function refusal(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u001b', '\u001f', '\u007f'];

describe('controlCharacterIndex', () => {
  it('finds C0 controls and DEL; tab, LF and CR only when line breaks are allowed', () => {
    expect(controlCharacterIndex('plain text, ₹ and émoji 🚗')).toBe(-1);
    for (const c of CONTROLS) expect(controlCharacterIndex(`ab${c}cd`, true)).toBe(2);
    for (const c of ['\t', '\n', '\r']) {
      expect(controlCharacterIndex(`ab${c}cd`)).toBe(2);
      expect(controlCharacterIndex(`ab${c}cd`, true)).toBe(-1);
    }
  });
});

describe('field builders', () => {
  const single: Array<[string, z.ZodType]> = [
    ['textField', textField('location.city')],
    ['idField', idField('location.city')],
    ['queryText', queryText('location.city')],
    ['queryId', queryId('location.city')],
    ['queryList', queryList('location.city', idField('location.city'), 'ids')],
  ];
  it.each(single)('%s refuses every control character, naming the field', (_name, schema) => {
    for (const c of [...CONTROLS, '\t', '\n']) {
      expect(refusal(schema, `Bengaluru${c}x`), JSON.stringify(c)).toMatch(
        /^location\.city must not contain control characters/,
      );
    }
    expect(refusal(schema, 'Bengaluru')).toBeUndefined();
    // Surrounding whitespace is trimmed, not refused.
    expect(refusal(schema, '  Bengaluru\n')).toBeUndefined();
  });

  it('freeTextField and a message textField keep tab and line breaks but refuse the rest', () => {
    for (const schema of [
      freeTextField('description'),
      textField('description', 500, { lineBreaks: true }),
    ]) {
      expect(refusal(schema, 'Line one\r\n\tLine two\nLine three')).toBeUndefined();
      for (const c of CONTROLS) {
        expect(refusal(schema, `Serviced${c}2024`)).toMatch(
          /^description must not contain control characters/,
        );
      }
    }
  });
});

describe('request schemas built from them', () => {
  it('refuses NUL in a listing, a search, a confirm call and a contact message', () => {
    const listing = carCreateBody.safeParse({ location: { city: 'Pune\u0000' } });
    expect(listing.success).toBe(false);
    expect(listing.error?.issues.some((i) => /^location\.city must not contain/.test(i.message))).toBe(true);
    expect(refusal(carSearchQuery, { searchTerm: 'swift\u0000' })).toMatch(/^searchTerm must not contain/);
    expect(refusal(carSearchQuery, { brands: 'a,\u0000b' })).toMatch(/^brands must not contain/);
    expect(refusal(confirmImagesBody, { type: 'cars', keys: ['cars-\u0000'] })).toMatch(
      /^keys must not contain/,
    );
    const contact = { name: 'Asha', email: 'asha@example.in', message: 'Hello,\nis the car available?' };
    expect(contactBody.safeParse(contact).success).toBe(true);
    expect(refusal(contactBody, { ...contact, message: 'Hello\u0000' })).toMatch(/^message must not contain/);
  });
});
