// The SMTP mailer's thread (started by createMailer in src/server/lib/mailer.ts): composes each
// mail with nodemailer and sends it through the pooled SMTP transport, so neither the MIME
// composition nor the SMTP socket work runs on the event loop that answers requests.
//
// Plain JavaScript that imports nothing but nodemailer: a worker thread does not inherit the
// TypeScript loader (tsx) of `npm start`, nor Vitest's transform, and this file needs neither.
//
// Messages from the main thread (protocol documented beside createWorkerMailer in mailer.ts):
//   { type: 'send', seq, message }  message: nodemailer's message options, without `signal`
//   { type: 'abort', seq }          the send was given up on: dropped from the pool's queue
//   { type: 'close' }               the pool says QUIT; the thread ends once its sockets close
// Replies: { seq } when the relay accepted the mail, { seq, error } when not.
import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';

if (!parentPort) throw new Error('mail-worker.mjs runs as a worker thread (src/server/lib/mailer.ts)');
const port = parentPort;

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
const transport = nodemailer.createTransport(workerData.transportOptions);
/** @type {Map<number, AbortController>} */
const inFlight = new Map();
let closing = false;

/** The parts of an error the outbox logs and records (an Error's own fields are not cloned). */
function plainError(err) {
  const e = /** @type {Record<string, unknown>} */ (err instanceof Error ? err : { message: String(err) });
  return {
    name: typeof e.name === 'string' ? e.name : 'Error',
    message: typeof e.message === 'string' ? e.message : String(err),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.responseCode === 'number' ? { responseCode: e.responseCode } : {}),
    ...(typeof e.response === 'string' ? { response: e.response } : {}),
    ...(typeof e.command === 'string' ? { command: e.command } : {}),
  };
}

/** After `close`, the port closes once the last reply is posted, so the thread can end. */
function closeIfDone() {
  if (closing && inFlight.size === 0) port.close();
}

async function send(seq, message) {
  const abort = new AbortController();
  inFlight.set(seq, abort);
  try {
    // Composed into one buffer and handed to the pool as `raw`: streamed through SMTP part by
    // part it cost a socket write per piece.
    const composed = await composer.sendMail({ ...message, signal: abort.signal });
    await transport.sendMail({ envelope: composed.envelope, raw: composed.message, messageId: composed.messageId, signal: abort.signal });
    if (!abort.signal.aborted) port.postMessage({ seq });
  } catch (err) {
    if (!abort.signal.aborted) port.postMessage({ seq, error: plainError(err) });
  } finally {
    inFlight.delete(seq);
    closeIfDone();
  }
}

port.on('message', (msg) => {
  switch (msg.type) {
    case 'send':
      void send(msg.seq, msg.message);
      break;
    case 'abort':
      inFlight.get(msg.seq)?.abort();
      break;
    case 'close':
      closing = true;
      transport.close();
      closeIfDone();
      break;
    default:
      throw new Error(`mail worker: unknown message ${JSON.stringify(msg.type)}`);
  }
});
