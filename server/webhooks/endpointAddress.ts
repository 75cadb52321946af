// Where a webhook may be sent (issue #25, SSRF): HTTPS to a public address. Loopback (HTTPS, or plain
// HTTP for local testing) only where the deployment allows it (WEBHOOKS_ALLOW_LOOPBACK, off unless
// set): in production a loopback endpoint would let a vendor make the server call its own services
// (the Ops routes, a database or Redis on 127.0.0.1). Checked when an endpoint is saved and again
// before every send, on every address its host name resolves to (a name that once pointed outside
// may later point inside). The blocked ranges use the platform's net.BlockList.
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export type EndpointRefusal =
  | 'webhook.url.invalid'
  | 'webhook.url.scheme'
  | 'webhook.url.credentials'
  | 'webhook.url.unresolvable'
  | 'webhook.url.private-address';

export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface EndpointPolicy {
  /** Config.webhooksAllowLoopback: loopback endpoints for local testing (dev and tests only). */
  allowLoopback: boolean;
  /** The resolver (tests give a fake one); the system's by default. */
  lookup?: Lookup;
}

const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Never a destination: private, shared, link-local (cloud metadata 169.254.169.254 included), multicast, reserved. */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32], ['64:ff9b::', 96], ['100::', 64],
] as const) blocked.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address written inside IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address. */
function normalise(address: string): { address: string; type: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], type: 'ipv4' };
  return { address, type: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function isLoopbackAddress(address: string): boolean {
  const { address: ip, type } = normalise(address);
  return loopback.check(ip, type);
}

/** Whether a delivery may go to this address (loopback only when the endpoint is a local-testing http URL). */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const { address: ip, type } = normalise(address);
  if (allowLoopback && loopback.check(ip, type)) return true;
  return !blocked.check(ip, type);
}

/** The shape rules, without DNS: a URL, https (or, when loopback is allowed, http to a loopback name), no user:password@. */
export function checkEndpointShape(text: string, { allowLoopback }: Pick<EndpointPolicy, 'allowLoopback'>): { ok: true; url: URL } | { ok: false; reason: EndpointRefusal } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'webhook.url.invalid' };
  }
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'webhook.url.credentials' };
  if (url.protocol === 'https:') return { ok: true, url };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopbackHost = host === 'localhost' || (isIP(host) !== 0 && isLoopbackAddress(host));
  if (url.protocol === 'http:' && loopbackHost && allowLoopback) return { ok: true, url };
  return { ok: false, reason: 'webhook.url.scheme' };
}

/**
 * The full check, on save and before each send: the shape, then every address the host resolves to.
 * Answers the addresses to connect to, so the sender connects to what was checked (no second lookup
 * a rebinding DNS server could answer differently).
 */
export async function checkEndpoint(
  text: string,
  { allowLoopback, lookup = systemLookup }: EndpointPolicy,
): Promise<{ ok: true; url: URL; addresses: string[] } | { ok: false; reason: EndpointRefusal }> {
  const shape = checkEndpointShape(text, { allowLoopback });
  if (!shape.ok) return shape;
  const host = shape.url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) !== 0 ? [host] : (await lookup(host)).map((entry) => entry.address);
  } catch {
    return { ok: false, reason: 'webhook.url.unresolvable' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'webhook.url.unresolvable' };
  // Plain http was allowed only for a loopback destination: every address must be one.
  const plainHttp = shape.url.protocol === 'http:';
  const allowed = addresses.every((address) => (plainHttp ? isLoopbackAddress(address) : isAllowedAddress(address, allowLoopback)));
  return allowed ? { ok: true, url: shape.url, addresses } : { ok: false, reason: 'webhook.url.private-address' };
}
