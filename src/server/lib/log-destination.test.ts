import fs from 'node:fs';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { faultCounters } from './fault-counters.ts';
import { safeDestination } from './log-destination.ts';

/** /dev/full answers every write with ENOSPC: a log file on a full disk. */
const hasDevFull = fs.existsSync('/dev/full');

describe.skipIf(!hasDevFull)('logging to a full disk', () => {
  it('a bare pino destination raises an error event there (which, unhandled, would end the process)', async () => {
    const fd = fs.openSync('/dev/full', 'w');
    const dest = pino.destination({ dest: fd, sync: false });
    const failed = new Promise<NodeJS.ErrnoException>((resolve) => dest.once('error', resolve));
    pino(dest).info('a line');
    dest.flush();
    expect((await failed).code).toBe('ENOSPC');
    dest.destroy();
  });

  it('the app\'s destination drops and counts the lines, keeps its buffer bounded, and the process goes on', async () => {
    const fd = fs.openSync('/dev/full', 'w');
    const dest = safeDestination(fd);
    const before = faultCounters.logLinesDropped;
    const log = pino(dest);
    for (let i = 0; i < 20_000; i++) log.info({ i, padding: 'x'.repeat(100) }, 'a line that finds no room');
    await new Promise((r) => setTimeout(r, 200));
    expect(faultCounters.logLinesDropped).toBeGreaterThan(before);
    // 20 000 lines of ~170 bytes would be 3.4 MB: no more than the bound is held.
    expect((dest as unknown as { _len: number })._len).toBeLessThanOrEqual(1024 * 1024);
    dest.destroy();
  });
});
