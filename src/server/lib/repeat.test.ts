import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeatPass } from './repeat.ts';

afterEach(() => { vi.useRealTimers(); });

describe('repeatPass', () => {
  it('runs at once and every period, never two passes at a time, and waits for a pass under way when stopped', async () => {
    vi.useFakeTimers();
    let release: () => void = () => undefined;
    let calls = 0;
    const pass = () => { calls += 1; return new Promise<void>((resolve) => { release = resolve; }); };
    const stop = repeatPass(pass, 1_000, () => undefined);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000); // the first pass is still under way: ticks skipped
    expect(calls).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    let stopped = false;
    const stopping = stop().then(() => { stopped = true; });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(2);
  });

  it('sends a failed pass to onError and goes on; atStart false waits for the first period', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const stop = repeatPass(async () => { calls += 1; throw new Error('boom'); }, 1_000, (err) => errors.push(err), { atStart: false });
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(2);
    await stop();
  });
});
