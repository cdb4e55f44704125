import { describe, expect, it } from 'vitest';
import { hasAtMostTwoDecimals, paraToRsd, rsdToPara, sumPara } from './money.ts';

describe('money', () => {
  it('converts RSD to integer para and back without float drift', () => {
    expect(rsdToPara(1200)).toBe(120000);
    expect(rsdToPara(0.1 + 0.2)).toBe(30);
    expect(paraToRsd(123456)).toBe(1234.56);
  });

  it('accepts at most two decimals', () => {
    expect(hasAtMostTwoDecimals(12.34)).toBe(true);
    expect(hasAtMostTwoDecimals(1.005)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.POSITIVE_INFINITY)).toBe(false);
    // Within a millionth of a para is still a third decimal: refused, never rounded away.
    expect(hasAtMostTwoDecimals(10.0000001)).toBe(false);
    expect(hasAtMostTwoDecimals(0.001)).toBe(false);
    // Every two-decimal amount up to the price limit passes, whatever its binary rounding.
    for (let para = 1; para <= 100_000_000; para += 9_973) expect(hasAtMostTwoDecimals(Number((para / 100).toFixed(2)))).toBe(true);
    expect(hasAtMostTwoDecimals(0.29)).toBe(true);
    expect(hasAtMostTwoDecimals(999_999.99)).toBe(true);
  });

  it('sums lines in para', () => {
    expect(sumPara([{ unitPricePara: 99_999, quantity: 3 }, { unitPricePara: 1, quantity: 1 }])).toBe(299_998);
  });
});
