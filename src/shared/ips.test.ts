import { describe, expect, it } from 'vitest';
import { formatAccount, ipsAmount, ipsPayload, mod97CheckDigits, model97Reference, normalizeAccount } from './ips.ts';

describe('Serbian account numbers', () => {
  it('accepts the written form, zero-padding the middle part to 13 digits, and 18 digits', () => {
    expect(normalizeAccount('840-955845-10')).toBe('840000000095584510');
    expect(normalizeAccount('165-55-74')).toBe('165000000000005574');
    expect(normalizeAccount('310-1234567891211-86')).toBe('310123456789121186');
    expect(normalizeAccount('310 1234567891211 86')).toBe('310123456789121186');
    expect(normalizeAccount('840000000095584510')).toBe('840000000095584510');
    expect(normalizeAccount(' 840 0000000955845 10 ')).toBe('840000000095584510');
  });

  it('refuses a wrong control number and malformed input', () => {
    for (const bad of ['840-955845-11', '165-55-75', '310-1234567891211-87', '840000000095584511', '84-955845-10',
      '840-12345678901234-10', '840-955845-1', '840955845 10', '', 'abc-def-gh', '840–955845–10']) {
      expect(normalizeAccount(bad), bad).toBeNull();
    }
  });

  it('computes the control as 98 - (first 16 digits × 100 mod 97)', () => {
    expect(mod97CheckDigits('8400000000955845')).toBe('10');
    expect(mod97CheckDigits('1650000000000055')).toBe('74');
    expect(mod97CheckDigits('3101234567891211')).toBe('86');
    expect(formatAccount('840000000095584510')).toBe('840-0000000955845-10');
  });
});

describe('NBS IPS QR payload', () => {
  it('puts the model 97 check digits before the reference (ISO 7064 MOD 97-10)', () => {
    for (const ref of ['100001', '123456', '1', '999999999']) {
      const ro = model97Reference(ref);
      expect(ro.slice(0, 2)).toBe('97');
      expect(ro.slice(4)).toBe(ref);
      expect(BigInt(`${ref}${ro.slice(2, 4)}`) % 97n).toBe(1n);
    }
    expect(model97Reference('100001')).toBe('9719100001');
  });

  it('writes amounts with a decimal comma and no thousands separator', () => {
    expect(ipsAmount(123_450)).toBe('1234,50');
    expect(ipsAmount(150_000_000)).toBe('1500000,00');
    expect(ipsAmount(5)).toBe('0,05');
  });

  it('joins the tags in order with |, keeps N and S within their lengths and out of the delimiter', () => {
    const payload = ipsPayload({
      account: '840000000095584510', payeeName: `Gazdinstvo | ${'Ђ'.repeat(80)}\nnew line`, amountPara: 45_050,
      purpose: 'Porudžbina 100001 za ajvar i kajmak sa pijace', reference: '100001',
    });
    const tags = payload.split('|').map((f) => f.split(':')[0]);
    expect(tags).toEqual(['K', 'V', 'C', 'R', 'N', 'I', 'SF', 'S', 'RO']);
    const fields = Object.fromEntries(payload.split('|').map((f) => [f.slice(0, f.indexOf(':')), f.slice(f.indexOf(':') + 1)]));
    expect([...fields.N!].length).toBeLessThanOrEqual(70);
    expect([...fields.S!].length).toBeLessThanOrEqual(35);
    expect(fields.I).toBe('RSD450,50');
    expect(fields.SF).toBe('221');
    expect(fields.RO).toBe('9719100001');
    expect(payload).not.toMatch(/\n|\|\||\|$|^\|/);
  });

  it('refuses an account that is not 18 digits', () => {
    expect(() => ipsPayload({ account: '840-955845-10', payeeName: 'A', amountPara: 1, purpose: 'x', reference: '1' })).toThrow();
  });
});
