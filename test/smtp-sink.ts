import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { onTestFinished } from 'vitest';

/**
 * An SMTP server on 127.0.0.1 that keeps what it is sent and counts its connections. With
 * `held`, it accepts no mail until release(): each waits at the end of its DATA.
 */
export async function startSmtpSink(opts: { held?: boolean; port?: number } = {}) {
  const received: string[] = [];
  let connections = 0;
  let closed = 0;
  let arriving = 0;
  let release!: () => void;
  const gate = opts.held ? new Promise<void>((r) => { release = r; }) : Promise.resolve();
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], disableReverseLookup: true, logger: false,
    onConnect(_session, callback) { connections += 1; callback(); },
    onClose() { closed += 1; },
    onData(stream, _session, callback) {
      arriving += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void gate.then(() => { received.push(Buffer.concat(chunks).toString('utf8')); callback(); });
      });
    },
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  const { port } = server.server.address() as AddressInfo;
  return {
    port, received, release: () => release?.(),
    connections: () => connections, closedConnections: () => closed, arriving: () => arriving,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * A sink and a mailer on it for the test that calls this: when the test ends, however it ends,
 * the sink lets held mails through, the mailer closes (its thread and connections), then the sink.
 */
export async function sinkAndMailer<M extends { close: () => void | Promise<void> }>(opts: { held?: boolean }, mailerFor: (port: number) => M) {
  const sink = await startSmtpSink(opts);
  const mailer = mailerFor(sink.port);
  onTestFinished(async () => {
    sink.release();
    await mailer.close();
    await sink.close();
  });
  return { sink, mailer };
}

/** Polls `condition` every 10 ms; throws after `ms`. */
export async function until(condition: () => boolean, what: string, ms = 5_000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
