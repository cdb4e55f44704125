import { describe, expect, it } from 'vitest';
import { lsnToNumber, replicaStatusOf, type ReplicaProbeRow } from './replica.ts';

describe('lsnToNumber', () => {
  it('reads a pg_lsn as bytes of WAL, in order', () => {
    expect(lsnToNumber('0/0')).toBe(0);
    expect(lsnToNumber('0/3000000')).toBe(0x3000000);
    expect(lsnToNumber('16/B374D848')).toBe(0x16 * 2 ** 32 + 0xB374D848);
    expect(lsnToNumber('1/0')).toBeGreaterThan(lsnToNumber('0/FFFFFFFF'));
  });
});

describe('replicaStatusOf', () => {
  const now = Date.parse('2026-11-29T10:00:00Z');
  const row = (over: Partial<ReplicaProbeRow> = {}): ReplicaProbeRow => ({ recovery: true, lsn: '0/3000000', received: '0/3000000', at: new Date(now - 60_000), ...over });

  it('reads a standby that has replayed what it received, however long ago its last commit was', () => {
    expect(replicaStatusOf(row(), false, now)).toEqual({ state: 'up', lagMs: 0, lagBytes: 0 });
  });

  it('stops reading a standby more than 5 s behind while the primary runs', () => {
    expect(replicaStatusOf(row({ received: '0/3000100', at: new Date(now - 4_000) }), false, now).state).toBe('up');
    expect(replicaStatusOf(row({ received: '0/3000100', at: new Date(now - 6_000) }), false, now)).toEqual({ state: 'lagging', lagMs: 6_000, lagBytes: 0x100 });
  });

  it('reads the standby while the primary is down, though WAL the dead primary never finished stays unreplayed', () => {
    expect(replicaStatusOf(row({ received: '0/3000100', at: new Date(now - 30_000) }), true, now).state).toBe('up');
  });

  it('reads a promoted standby only while the primary is down, and refuses a primary posing as a replica', () => {
    expect(replicaStatusOf(row({ recovery: false, lsn: null, received: null }), true, now)).toEqual({ state: 'up', lagMs: 0, lagBytes: 0 });
    expect(() => replicaStatusOf(row({ recovery: false }), false, now)).toThrow(/not a streaming replica/);
    expect(() => replicaStatusOf(row({ lsn: null }), false, now)).toThrow(/not a streaming replica/);
  });
});
