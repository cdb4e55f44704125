import { createECDH, randomBytes } from 'node:crypto';
import type dns from 'node:dns';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser } from '../../../../test/users.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { createNotification } from '../../domain/notifications.ts';
import { InsideAddressError, assertSendable, checkPushEndpoint, guardedLookup, isPublicAddress } from './push-endpoint.ts';

/** Inside addresses in many spellings: every one must be refused with 400 naming `endpoint`. */
const REFUSED = [
  'https://127.0.0.1:8443/push',
  'https://127.1/push',
  'https://2130706433/push',
  'https://0x7f000001/push',
  'https://0x7f.1/push',
  'https://0177.0.0.1/push',
  'https://017700000001/push',
  'https://127.0.0.1./push',
  'https://10.1.2.3/push',
  'https://172.16.0.1/push',
  'https://192.168.1.1/push',
  'https://169.254.169.254/latest/meta-data',
  'https://100.64.0.1/push',
  'https://0.0.0.0/push',
  'https://0/push',
  'https://224.0.0.1/push',
  'https://255.255.255.255/push',
  'https://192.0.2.10/push',
  'https://198.18.0.1/push',
  'https://[::1]/push',
  'https://[0:0:0:0:0:0:0:1]/push',
  'https://[::]/push',
  'https://[::ffff:127.0.0.1]/push',
  'https://[::ffff:7f00:1]/push',
  'https://[::ffff:10.0.0.1]/push',
  'https://[::127.0.0.1]/push',
  'https://[64:ff9b::a00:1]/push',
  'https://[2002:7f00:1::]/push',
  'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/push',
  'https://[fe80::1]/push',
  'https://[fc00::1]/push',
  'https://[fd12:3456::1]/push',
  'https://[ff02::1]/push',
  'https://[2001:db8::1]/push',
  'https://localhost/push',
  'https://LOCALHOST./push',
  'https://push.localhost/push',
  'https://localhost.localdomain/push',
  'https://intranet/push',
  'https://printer.local/push',
  'http://fcm.googleapis.com/fcm/send/abc',
  'http://93.184.216.34/push',
];

/** Public push services: accepted, whether or not DNS answers (unresolvable names are checked when sending). */
const ACCEPTED = [
  'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH',
  'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABh',
  'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
  'https://web.push.apple.com/QGuQyavXutnMH',
  'https://93.184.216.34/push',
  'https://[2606:4700:4700::1111]/push',
];

describe('isPublicAddress', () => {
  it('tells public addresses from inside ones', () => {
    for (const a of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001:80b::200a']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of ['127.0.0.1', '10.0.0.1', '100.100.100.100', '169.254.1.1', '::1', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', 'fe80::1', 'not an ip']) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });
});

describe('checkPushEndpoint', () => {
  const noDns = () => Promise.reject(Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' }));
  it('refuses every spelling of an inside address', async () => {
    for (const url of REFUSED) expect(await checkPushEndpoint(url, { allowLocal: false, lookup: noDns }), url).not.toBeNull();
  });
  it('accepts public push services, with DNS or without', async () => {
    const publicDns = () => Promise.resolve([{ address: '142.250.180.10', family: 4 }]);
    for (const url of ACCEPTED) {
      expect(await checkPushEndpoint(url, { allowLocal: false, lookup: noDns }), url).toBeNull();
      expect(await checkPushEndpoint(url, { allowLocal: false, lookup: publicDns }), url).toBeNull();
    }
  });
  it('refuses a name that resolves inside (an /etc/hosts entry, a DNS answer), even when one of several addresses is', async () => {
    const inside = () => Promise.resolve([{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }]);
    expect(await checkPushEndpoint('https://push.example.com/x', { allowLocal: false, lookup: inside })).toMatch(/public address/);
    const mapped = () => Promise.resolve([{ address: '::ffff:127.0.0.1', family: 6 }]);
    expect(await checkPushEndpoint('https://push.example.com/x', { allowLocal: false, lookup: mapped })).toMatch(/public address/);
  });
  it('PUSH_ALLOW_LOCAL allows http and inside addresses, still not other schemes', async () => {
    expect(await checkPushEndpoint('http://127.0.0.1:9/x', { allowLocal: true })).toBeNull();
    expect(await checkPushEndpoint('https://[::1]/x', { allowLocal: true })).toBeNull();
    expect(await checkPushEndpoint('ftp://127.0.0.1/x', { allowLocal: true })).not.toBeNull();
  });
});

describe('the send-time check', () => {
  const lookupTo = (address: string, family = 4) => ((_host: string, _opts: unknown, cb: (err: Error | null, a: dns.LookupAddress[]) => void) => cb(null, [{ address, family }])) as unknown as typeof dns.lookup;
  const resolve = (lookup: typeof dns.lookup, host: string) => new Promise<string>((ok, fail) => {
    guardedLookup(lookup)(host, {}, (err, address) => (err ? fail(err) : ok(address as string)));
  });
  it('refuses a name that now resolves inside (DNS rebinding) and lets a public one through', async () => {
    await expect(resolve(lookupTo('127.0.0.1'), 'push.example.com')).rejects.toBeInstanceOf(InsideAddressError);
    await expect(resolve(lookupTo('fd00::1', 6), 'push.example.com')).rejects.toBeInstanceOf(InsideAddressError);
    await expect(resolve(lookupTo('142.250.180.10'), 'fcm.googleapis.com')).resolves.toBe('142.250.180.10');
  });
  it('refuses IP literals and http before any connection', () => {
    expect(() => assertSendable(new URL('https://127.1/x'))).toThrow(InsideAddressError);
    expect(() => assertSendable(new URL('https://[::ffff:a00:1]/x'))).toThrow(InsideAddressError);
    expect(() => assertSendable(new URL('http://fcm.googleapis.com/x'))).toThrow(InsideAddressError);
    expect(() => assertSendable(new URL('https://fcm.googleapis.com/x'))).not.toThrow();
  });
});

describe('POST /api/push/subscriptions without PUSH_ALLOW_LOCAL', () => {
  let t: TestApp;
  /** A listener on loopback: a push sender that reached it would be an SSRF. */
  let trap: net.Server;
  let trapPort = 0;
  let connections = 0;
  beforeAll(async () => {
    t = await createTestApp();
    trap = net.createServer((socket) => { connections++; socket.destroy(); });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    trapPort = (trap.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => trap?.close(resolve));
  });

  const keys = () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  };

  it('refuses inside addresses in every spelling with 400 naming endpoint, and accepts public push services', async () => {
    const user = await createUser(t);
    for (const endpoint of [...REFUSED, `https://127.0.0.1:${trapPort}/push`]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: user.headers, payload: { endpoint, keys: keys() } });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().details.map((d: { field: string }) => d.field), endpoint).toContain('endpoint');
    }
    for (const endpoint of ACCEPTED) {
      const res = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: user.headers, payload: { endpoint, keys: keys() } });
      expect(res.statusCode, endpoint).toBe(201);
    }
    const stored = await t.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(stored.map((s) => s.endpoint).sort()).toEqual([...ACCEPTED].sort());
  });

  it('never connects to an inside endpoint stored earlier, and forgets it', async () => {
    const user = await createUser(t);
    // Written straight to the table, as by a version without the check.
    for (const endpoint of [`https://127.0.0.1:${trapPort}/a`, `https://localhost:${trapPort}/b`, `http://127.0.0.1:${trapPort}/c`]) {
      await t.database.db.insert(pushSubscriptions).values({ userId: user.id, endpoint, ...keys() });
    }
    await createNotification(t.database.db, { userId: user.id, type: 'moderation', data: { decision: 'account_reinstated' } });
    await t.app.push.drain();
    expect(connections).toBe(0);
    const left = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(left).toHaveLength(0);
  });
});
