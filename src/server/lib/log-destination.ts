import pino from 'pino';
import { faultCounters } from './fault-counters.ts';

/** Bytes of log lines held while the destination cannot take them; beyond, lines are dropped. */
export const LOG_BUFFER_MAX_BYTES = 1024 * 1024;

type Destination = ReturnType<typeof pino.destination>;
let stdout: Destination | undefined;

/**
 * Standard output for the app's logs (main.ts and app.ts share it) that never takes the process
 * down (docs/bad-days.md): a write that fails (stdout redirected to a full disk: ENOSPC, a
 * closed pipe: EPIPE) is an 'error' event of pino's SonicBoom stream, unhandled it would crash
 * the app. Here it is counted (`domace_log_lines_dropped_total` on /metrics) and the buffer is
 * bounded, so lines are dropped while the destination fails and written again once it works.
 */
export function safeDestination(fd = 1): Destination {
  const dest = pino.destination({ dest: fd, sync: false, maxLength: LOG_BUFFER_MAX_BYTES });
  dest.on('error', () => { faultCounters.logLinesDropped++; });
  dest.on('drop', (data: unknown) => {
    const text = typeof data === 'string' ? data : Buffer.isBuffer(data) ? data.toString('utf8') : '';
    faultCounters.logLinesDropped += Math.max(1, text.split('\n').filter(Boolean).length);
  });
  return dest;
}

/** The one standard-output destination of this process. */
export function stdoutDestination(): Destination {
  stdout ??= safeDestination(1);
  return stdout;
}
