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
  });

  it('sums lines in para', () => {
    expect(sumPara([{ unitPricePara: 99_999, quantity: 3 }, { unitPricePara: 1, quantity: 1 }])).toBe(299_998);
  });
});
