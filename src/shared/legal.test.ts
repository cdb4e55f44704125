import { describe, expect, it } from 'vitest';
import { isPlantOrigin, isValidHoldingNumber, isValidPib, pibCheckDigit, registrationFor } from './legal.ts';

describe('PIB (ISO 7064 MOD 11,10)', () => {
  it('accepts known valid tax numbers', () => {
    expect(isValidPib('101134702')).toBe(true);
    expect(pibCheckDigit('10113470')).toBe(2);
    expect(isValidPib('100027207')).toBe(true);
  });

  it('refuses a wrong check digit, every other last digit', () => {
    for (let d = 0; d <= 9; d++) if (d !== 2) expect(isValidPib(`10113470${d}`)).toBe(false);
  });

  it('refuses anything but nine digits', () => {
    expect(isValidPib('10113470')).toBe(false);
    expect(isValidPib('1011347020')).toBe(false);
    expect(isValidPib('10113470a')).toBe(false);
    expect(isValidPib(' 101134702')).toBe(false);
  });

  it('catches a single changed digit and two swapped neighbours', () => {
    const valid = '101134702';
    for (let i = 0; i < 8; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        expect(isValidPib(valid.slice(0, i) + d + valid.slice(i + 1))).toBe(false);
      }
    }
    expect(isValidPib('011134702')).toBe(false);
  });
});

describe('holding number and categories', () => {
  it('holding numbers are 12 digits', () => {
    expect(isValidHoldingNumber('123456789012')).toBe(true);
    expect(isValidHoldingNumber('12345678901')).toBe(false);
    expect(isValidHoldingNumber('12345678901x')).toBe(false);
  });

  it('plant origin: fruit, vegetables, preserves only', () => {
    expect(['fruit', 'vegetables', 'preserves', 'honey', 'dairy', 'meat', 'other'].map((c) => isPlantOrigin(c as never)))
      .toEqual([true, true, true, false, false, false, false]);
  });

  it('finds the registration covering a category', () => {
    const regs = [
      { kind: 'veterinarski_kontrolni_broj' as const, number: 'VK-1', categories: ['dairy' as const] },
      { kind: 'registarski_broj' as const, number: 'RB-2', categories: ['honey' as const, 'preserves' as const] },
    ];
    expect(registrationFor(regs, 'preserves')?.number).toBe('RB-2');
    expect(registrationFor(regs, 'meat')).toBeNull();
  });
});
