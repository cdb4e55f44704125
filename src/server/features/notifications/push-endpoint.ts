import dns from 'node:dns';
import net from 'node:net';

/**
 * Which push endpoints the server may call (docs/bad-days.md, "A hostile push endpoint").
 *
 * A push endpoint is a URL a signed-in user hands us, and the server later sends a request
 * to it: without a check, anyone could make the server call its own loopback, the private
 * network or a cloud metadata address (a blind SSRF). So an endpoint must be https on a
 * public address:
 *
 * - at subscribe time (`checkPushEndpoint`): the URL's host, parsed by the WHATWG URL parser
 *   (which already turns 2130706433, 0x7f.1, 0177.0.0.1 and 127.1 into 127.0.0.1, and writes
 *   IPv6 compressed), must be a public address, and a name must not be localhost-like nor
 *   resolve to an inside address. A name that cannot be resolved now (no DNS) is accepted:
 *   it is checked again when sending;
 * - at send time (`guardedLookup`): the https request resolves the name through a lookup that
 *   refuses any inside address, so the address actually connected to is the one checked (a
 *   DNS answer that changed since the subscription, i.e. rebinding, does not get through).
 *
 * `allowLocal` (PUSH_ALLOW_LOCAL=true, for tests with a push service on loopback) turns both
 * checks off and allows http.
 */

const blockedV4 = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) blockedV4.addSubnet(prefix, bits, 'ipv4');

/** Global unicast IPv6 (2000::/3) is the only public space; within it, these are not. */
const globalV6 = new net.BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
const blockedV6 = new net.BlockList();
for (const [prefix, bits] of [
  ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32, carries an IPv4), ORCHID, benchmarking
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: carries an IPv4 address
  ['3fff::', 20], // documentation
] as const) blockedV6.addSubnet(prefix, bits, 'ipv6');
// Outside 2000::/3, hence refused: ::, ::1, IPv4-mapped ::ffff:0:0/96, IPv4-compatible ::/96,
// NAT64 64:ff9b::/96 and 64:ff9b:1::/48, discard 100::/64, unique local fc00::/7, link-local
// fe80::/10, site-local fec0::/10, multicast ff00::/8.

/** Whether an IP address (v4 or v6, in its canonical spelling) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blockedV4.check(address, 'ipv4');
  if (family === 6) return globalV6.check(address, 'ipv6') && !blockedV6.check(address, 'ipv6');
  return false;
}

/** Names that mean this machine whatever DNS says (RFC 6761), with or without a final dot. */
function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.+$/, '');
  return name === '' || name === 'localhost' || name.endsWith('.localhost') || name === 'localhost.localdomain'
    || name.endsWith('.local') || name.endsWith('.internal') || name.endsWith('.home.arpa') || !name.includes('.');
}

/** The host of a URL as an IP literal (brackets of IPv6 removed), or null for a name. */
function ipLiteral(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) ? bare : null;
}

export type LookupAll = (host: string) => Promise<Array<{ address: string; family: number }>>;

/** A resolution that takes longer than this is treated as "cannot be resolved now". */
const SUBSCRIBE_LOOKUP_TIMEOUT_MS = 1_500;

const systemLookup: LookupAll = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/**
 * Why an endpoint is refused (a message for `details` of the `endpoint` field), or null when
 * it may be stored. `lookup` is injectable for tests; by default the system resolver
 * (which reads /etc/hosts too).
 */
export async function checkPushEndpoint(endpoint: string, opts: { allowLocal: boolean; lookup?: LookupAll }): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Must be a URL';
  }
  if (opts.allowLocal) return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'A push endpoint must be an https:// URL';
  if (url.protocol !== 'https:') return 'A push endpoint must be an https:// URL';
  const literal = ipLiteral(url.hostname);
  if (literal) return isPublicAddress(literal) ? null : 'A push endpoint must be on a public address';
  if (isLocalName(url.hostname)) return 'A push endpoint must be on a public address';
  let addresses: Array<{ address: string }>;
  let timer: NodeJS.Timeout | undefined;
  try {
    addresses = await Promise.race([
      (opts.lookup ?? systemLookup)(url.hostname),
      new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), SUBSCRIBE_LOOKUP_TIMEOUT_MS); }),
    ]);
  } catch {
    // Not resolvable now (no DNS, a name that does not exist yet): sending checks it again.
    return null;
  } finally {
    clearTimeout(timer);
  }
  return addresses.every((a) => isPublicAddress(a.address)) ? null : 'A push endpoint must be on a public address';
}

/** The error a send to an inside address fails with (before any byte is sent). */
export class InsideAddressError extends Error {
  readonly code = 'EPUSHADDRESS';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that refuses inside addresses: the socket connects only to an
 * address this function has checked. Names only: an IP literal host is not looked up by Node,
 * so `assertSendable` checks those before the request.
 */
export function guardedLookup(lookup: typeof dns.lookup = dns.lookup) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    if (isLocalName(hostname)) {
      callback(new InsideAddressError(`push endpoint ${hostname} is not a public name`), '', 0);
      return;
    }
    lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !isPublicAddress(a.address));
      if (bad || list.length === 0) return callback(new InsideAddressError(`push endpoint ${hostname} resolves to ${bad?.address ?? 'nothing'}`), '', 0);
      if (options.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** Refuses, before sending, an endpoint the send-time lookup would not see (an IP literal, http). */
export function assertSendable(url: URL): void {
  if (url.protocol !== 'https:') throw new InsideAddressError('push endpoint is not https');
  const literal = ipLiteral(url.hostname);
  if (literal && !isPublicAddress(literal)) throw new InsideAddressError(`push endpoint address ${literal} is not public`);
}
