import type { AddressInfo } from 'node:net';
import smpp, { type Pdu, type Session } from 'smpp';

/** One submit_sm the test SMSC took: the part's text (decoded), its coding and its concatenation header. */
export interface Submitted { to: string; from: string; text: string; dataCoding: number; udh: number[] | null; messageId: string }

/**
 * A real SMPP 3.4 server (the `smpp` package's) on 127.0.0.1 and a random port, standing in for
 * the aggregator's SMSC: it binds the app's transceiver (system_id and password checked), takes
 * submit_sm, answers enquire_link, and sends deliver_sm (a producer's reply, a delivery receipt).
 * `cut` drops every session and stops listening; `restore` listens again on the same port.
 */
export async function startSmppServer(opts: { systemId: string; password: string }) {
  const submitted: Submitted[] = [];
  const sessions = new Set<Session>();
  let seq = 0;
  const onSession = (session: Session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
    session.on('error', () => undefined);
    session.on('bind_transceiver', (pdu: Pdu) => {
      const ok = pdu.system_id === opts.systemId && pdu.password === opts.password;
      session.send(pdu.response(ok ? {} : { command_status: smpp.ESME_RBINDFAIL }));
    });
    session.on('enquire_link', (pdu: Pdu) => { session.send(pdu.response()); });
    session.on('unbind', (pdu: Pdu) => { session.send(pdu.response()); session.close(); });
    session.on('submit_sm', (pdu: Pdu) => {
      const sm = pdu.short_message as { message: string | Buffer; udh?: Buffer[] };
      const messageId = `m${++seq}`;
      submitted.push({
        to: String(pdu.destination_addr), from: String(pdu.source_addr), dataCoding: Number(pdu.data_coding),
        text: typeof sm.message === 'string' ? sm.message : sm.message.toString('latin1'),
        udh: sm.udh?.[0] ? [...sm.udh[0]] : null, messageId,
      });
      session.send(pdu.response({ message_id: messageId }));
    });
  };
  let server = smpp.createServer({}, onSession);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;

  const bound = () => [...sessions][0];
  const deliver = (fields: Record<string, unknown>) => new Promise<void>((resolve, reject) => {
    const session = bound();
    if (!session) { reject(new Error('no session bound')); return; }
    session.deliver_sm(fields, () => resolve());
  });

  return {
    port,
    submitted,
    url: `smpp://${opts.systemId}:${opts.password}@127.0.0.1:${port}?source=Domace`,
    sessions: () => sessions.size,
    /** A producer's reply from `from` (digits as the SMSC writes them, e.g. 381641234567). */
    reply: (from: string, text: string) => deliver({ source_addr: from, destination_addr: 'Domace', short_message: text }),
    receipt: (messageId: string, stat = 'DELIVRD') => deliver({
      source_addr: '381641234567', destination_addr: 'Domace', esm_class: 0x04,
      short_message: `id:${messageId} sub:001 dlvrd:001 submit date:3006121000 done date:3006121001 stat:${stat} err:000 text:`,
    }),
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sessions) s.destroy();
      });
    },
    async restore() {
      server = smpp.createServer({}, onSession);
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
    },
    async close() {
      for (const s of sessions) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
