/** The wizard's engine capacity check agrees with what the API accepts (issue 19). */
import {
  MAX_ENGINE_CC as API_MAX_ENGINE_CC,
  engineCapacityCc as apiEngineCapacityCc,
} from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAFT,
  engineCapacityCc,
  MAX_ENGINE_CC,
  specificationsStepError,
} from '../src/features/wizard/draft';

const base = { ...EMPTY_DRAFT, regNumber: 'KA-01-MJ-4821' };

describe('engine capacity', () => {
  it('reads the cc from the forms people type, as the API does', () => {
    const texts = [
      '1197',
      ' 1197 ',
      '1197 cc',
      '1197cc',
      '1197 CC',
      '1.2 L',
      '1.2L',
      '1.5 litre',
      '2 liters',
      '998',
    ];
    for (const text of texts) {
      expect(engineCapacityCc(text), text).toBeDefined();
      expect(engineCapacityCc(text), text).toBe(apiEngineCapacityCc(text));
    }
    expect(engineCapacityCc('1.2 L')).toBe(1200);
    expect(engineCapacityCc('1197 cc')).toBe(1197);
    expect(MAX_ENGINE_CC).toBe(API_MAX_ENGINE_CC);
  });

  it('refuses other text, as the API does', () => {
    for (const text of ['big', '1,197', '1197 ml', '-5', '1.2', '123456', 'cc']) {
      expect(engineCapacityCc(text), text).toBeUndefined();
      expect(apiEngineCapacityCc(text), text).toBeUndefined();
    }
  });

  it('alerts on the Specifications step only for an unreadable or too large capacity', () => {
    expect(specificationsStepError({ ...base, engineCapacity: '' })).toBeNull();
    expect(specificationsStepError({ ...base, engineCapacity: '1.2 L' })).toBeNull();
    expect(specificationsStepError({ ...base, engineCapacity: '1197 cc' })).toBeNull();
    expect(specificationsStepError({ ...base, engineCapacity: 'big' })).toMatch(/engine capacity in cc/);
    expect(specificationsStepError({ ...base, engineCapacity: '12000' })).toMatch(/at most 10,000 cc/);
  });
});
