import { describe, expect, it, vi } from 'vitest';
import { serialDrain } from './serial-drain.ts';

describe('serialDrain', () => {
  it('runs one drain at a time; a burst of kicks queues one more, not one each; a failure does not stop the next', async () => {
    let active = 0;
    let most = 0;
    let calls = 0;
    const drain = vi.fn(async () => {
      calls += 1;
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
      if (calls === 1) throw new Error('relay down');
      return calls;
    });
    const errors: unknown[] = [];
    const runs = serialDrain(drain, (err) => errors.push(err));
    runs.kick(); // starts after the current (none): queued
    runs.kick(); // the queued run has not started: nothing more
    runs.kick();
    await runs.settled();
    expect(drain).toHaveBeenCalledTimes(1);
    expect(errors).toHaveLength(1);
    expect(await runs.drain()).toBe(2);
    const [a, b] = await Promise.all([runs.drain(), runs.drain()]);
    expect([a, b]).toEqual([3, 4]);
    expect(most).toBe(1);
  });
});
