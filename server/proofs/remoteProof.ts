// Fetches a proof image a real courier platform sends as an http(s) URL, safely (SSRF): only http and
// https, every address the connection goes to is checked at connect time (so DNS cannot point a
// public name at us), loopback / private / link-local / unique-local targets are refused unless the
// exact host:port is allowed (a test's local server), redirects are followed a few times with the same
// checks, the answer must be an image, its size is capped while it streams, and the whole fetch has a
// deadline. The copy on arrival (copyOnArrival.ts) uses it for every http(s) photo and signature.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { REMOTE_PROOF_DEFAULTS } from './fetchLimits';

/** Addresses a fetch never connects to: this host, private networks, link-local (cloud metadata), multicast. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['224.0.0.0', 3]] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) PRIVATE.addSubnet(network, prefix, 'ipv6');

export const isPrivateAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 0) return true; // not an address at all: refuse
  return PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4');
};

export class RemoteProofRefused extends Error {
  constructor(readonly url: string, readonly reason: string, /** Worth trying again later (a timeout, a 5xx). */ readonly transient = false) {
    super(`proof ${url} not fetched: ${reason}`);
    this.name = 'RemoteProofRefused';
  }
}

export interface RemoteProofOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** host:port pairs reachable although private (tests' local servers only). */
  allowedPrivateHosts?: readonly string[];
}

/** The image at `url` (http or https), or a RemoteProofRefused saying why not. */
export async function fetchRemoteProof(url: string, options: RemoteProofOptions = {}): Promise<{ contentType: string; bytes: Buffer }> {
  const { timeoutMs, maxBytes, maxRedirects } = { ...REMOTE_PROOF_DEFAULTS, ...options };
  const deadline = AbortSignal.timeout(timeoutMs);
  let current = url;
  for (let hop = 0; hop <= maxRedirects; hop += 1) {
    const target = parseTarget(current, url);
    const allowed = options.allowedPrivateHosts?.includes(target.host) ?? false;
    const response = await request(target, allowed, deadline, url);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      current = new URL(response.headers.location, target).href;
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new RemoteProofRefused(url, `answered ${status}`, status >= 500 || status === 429);
    }
    const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!contentType.startsWith('image/')) {
      response.resume();
      throw new RemoteProofRefused(url, `not an image (${contentType || 'no content type'})`);
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > maxBytes) {
      response.destroy();
      throw new RemoteProofRefused(url, `larger than ${maxBytes} bytes`);
    }
    return { contentType, bytes: await readCapped(response, maxBytes, deadline, url) };
  }
  throw new RemoteProofRefused(url, 'too many redirects');
}

function parseTarget(current: string, original: string): URL {
  let target: URL;
  try {
    target = new URL(current);
  } catch {
    throw new RemoteProofRefused(original, 'not a URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new RemoteProofRefused(original, `${target.protocol} is not http(s)`);
  if (target.username || target.password) throw new RemoteProofRefused(original, 'credentials in the URL');
  return target;
}

/** A DNS lookup that refuses private answers (checked where the socket connects, so no rebinding). */
function publicOnlyLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const usable = addresses.filter((entry) => allowPrivate || !isPrivateAddress(entry.address));
      const first = usable[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      return callback(null, first.address, first.family);
    });
  };
}

function request(target: URL, allowPrivate: boolean, deadline: AbortSignal, original: string): Promise<IncomingMessage> {
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) !== 0 && !allowPrivate && isPrivateAddress(literal)) {
    return Promise.reject(new RemoteProofRefused(original, `${target.host} is a private address`));
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.get(target, { lookup: publicOnlyLookup(allowPrivate), signal: deadline, headers: { accept: 'image/*' } }, resolve);
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (deadline.aborted) return reject(new RemoteProofRefused(original, 'timed out', true));
      if (error.code === 'EPRIVATE') return reject(new RemoteProofRefused(original, `${target.host} resolves to a private address`));
      reject(new RemoteProofRefused(original, error.message, true));
    });
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number, deadline: AbortSignal, original: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        response.destroy();
        throw new RemoteProofRefused(original, `larger than ${maxBytes} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof RemoteProofRefused) throw error;
    throw new RemoteProofRefused(original, deadline.aborted ? 'timed out' : String(error), true);
  }
  return Buffer.concat(chunks);
}
