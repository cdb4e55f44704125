import { describe, expect, it } from 'vitest';
import { lsnToNumber } from './replica.ts';

describe('lsnToNumber', () => {
  it('reads a pg_lsn as bytes of WAL, in order', () => {
    expect(lsnToNumber('0/0')).toBe(0);
    expect(lsnToNumber('0/3000000')).toBe(0x3000000);
    expect(lsnToNumber('16/B374D848')).toBe(0x16 * 2 ** 32 + 0xB374D848);
    expect(lsnToNumber('1/0')).toBeGreaterThan(lsnToNumber('0/FFFFFFFF'));
  });
});
