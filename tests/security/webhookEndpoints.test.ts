// Webhook endpoints and SSRF (issue #25): only https to public addresses, or, where the deployment
// allows loopback for local testing (WEBHOOKS_ALLOW_LOOPBACK), https or plain http to loopback;
// private, shared, link-local and cloud-metadata addresses are refused, also when a public-looking
// name resolves to them, and every resolved address must pass. Without the setting (production's
// default) no spelling of loopback gets through, so a vendor cannot make the server call its own
// services.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { checkEndpoint, checkEndpointShape, isAllowedAddress, type Lookup } from '../../server/webhooks/endpointAddress';

const local = { allowLoopback: true } as const;
const production = { allowLoopback: false } as const;

const resolvesTo = (...addresses: string[]): Lookup => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const unresolvable: Lookup = async () => { throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }); };

describe('webhook endpoint addresses', () => {
  it.each([
    '10.0.0.5', '172.16.3.4', '172.31.255.255', '192.168.1.10', '100.64.0.1', '169.254.169.254', '169.254.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', 'fc00::1', 'fd00:ec2::254', 'fe80::1', '::', '::ffff:10.0.0.1', '::ffff:169.254.169.254',
  ])('refuses %s', (address) => {
    expect(isAllowedAddress(address, true)).toBe(false);
  });

  it.each(['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '172.32.0.1', '192.169.0.1'])('allows the public %s', (address) => {
    expect(isAllowedAddress(address, false)).toBe(true);
  });

  it('allows loopback only when asked (local testing)', () => {
    expect(isAllowedAddress('127.0.0.1', false)).toBe(false);
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::1', true)).toBe(true);
  });

  it('accepts https anywhere public and, for local testing, plain http only to loopback names', () => {
    expect(checkEndpointShape('https://shop.example.com/hooks', local).ok).toBe(true);
    expect(checkEndpointShape('http://127.0.0.1:9000/hooks', local).ok).toBe(true);
    expect(checkEndpointShape('http://localhost:9000/hooks', local).ok).toBe(true);
    expect(checkEndpointShape('http://[::1]:9000/hooks', local).ok).toBe(true);
    expect(checkEndpointShape('http://shop.example.com/hooks', local)).toEqual({ ok: false, reason: 'webhook.url.scheme' });
    expect(checkEndpointShape('ftp://shop.example.com/', local)).toEqual({ ok: false, reason: 'webhook.url.scheme' });
    expect(checkEndpointShape('file:///etc/passwd', local)).toEqual({ ok: false, reason: 'webhook.url.scheme' });
    expect(checkEndpointShape('https://user:pass@shop.example.com/', local)).toEqual({ ok: false, reason: 'webhook.url.credentials' });
    expect(checkEndpointShape('not a url', local)).toEqual({ ok: false, reason: 'webhook.url.invalid' });
  });

  it('judges the addresses a name resolves to: one private address is enough to refuse', async () => {
    expect(await checkEndpoint('https://shop.example.com/hooks', { ...local, lookup: resolvesTo('93.184.216.34') })).toMatchObject({ ok: true, addresses: ['93.184.216.34'] });
    expect(await checkEndpoint('https://metadata.example.com/', { ...local, lookup: resolvesTo('169.254.169.254') })).toEqual({ ok: false, reason: 'webhook.url.private-address' });
    expect(await checkEndpoint('https://mixed.example.com/', { ...local, lookup: resolvesTo('93.184.216.34', '10.1.2.3') })).toEqual({ ok: false, reason: 'webhook.url.private-address' });
    expect(await checkEndpoint('https://10.0.0.1/', local)).toEqual({ ok: false, reason: 'webhook.url.private-address' });
    expect(await checkEndpoint('https://[fd00:ec2::254]/', local)).toEqual({ ok: false, reason: 'webhook.url.private-address' });
    expect(await checkEndpoint('https://gone.example.com/', { ...local, lookup: unresolvable })).toEqual({ ok: false, reason: 'webhook.url.unresolvable' });
  });

  it('lets plain http through only when every address is loopback (a localhost name rebound outside is refused)', async () => {
    expect(await checkEndpoint('http://localhost:9000/', { ...local, lookup: resolvesTo('127.0.0.1', '::1') })).toMatchObject({ ok: true });
    expect(await checkEndpoint('http://localhost:9000/', { ...local, lookup: resolvesTo('93.184.216.34') })).toEqual({ ok: false, reason: 'webhook.url.private-address' });
    expect(await checkEndpoint('http://127.0.0.1:9000/', local)).toMatchObject({ ok: true, addresses: ['127.0.0.1'] });
  });
});

describe('webhook endpoints without WEBHOOKS_ALLOW_LOOPBACK (the production default)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'webhook-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is off unless the deployment sets it', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).webhooksAllowLoopback).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, WEBHOOKS_ALLOW_LOOPBACK: '' }).webhooksAllowLoopback).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, WEBHOOKS_ALLOW_LOOPBACK: '0' }).webhooksAllowLoopback).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, WEBHOOKS_ALLOW_LOOPBACK: '1' }).webhooksAllowLoopback).toBe(true);
  });

  it('refuses plain http even to loopback', () => {
    for (const url of ['http://127.0.0.1:9000/hooks', 'http://localhost:9000/hooks', 'http://[::1]:9000/hooks']) {
      expect(checkEndpointShape(url, production), url).toEqual({ ok: false, reason: 'webhook.url.scheme' });
    }
  });

  // The server's own services: its Ops routes, a database or Redis listening on loopback.
  it.each([
    'http://127.0.0.1:8080/ops/clock',
    'https://127.0.0.1:8080/ops/clock',
    'https://127.0.0.1:6379/',
    'https://127.1:5432/',
    'https://0x7f000001/',
    'https://2130706433/',
    'https://[::1]:8080/',
    'https://[::ffff:127.0.0.1]:8080/',
    'http://localhost:8080/',
  ])('refuses %s', async (url) => {
    expect(await checkEndpoint(url, production)).toMatchObject({ ok: false });
  });

  it('refuses a name that resolves to loopback, alone or beside a public address', async () => {
    expect(await checkEndpoint('https://localhost:8080/', { ...production, lookup: resolvesTo('127.0.0.1', '::1') })).toEqual({ ok: false, reason: 'webhook.url.private-address' });
    expect(await checkEndpoint('https://rebind.example.com/', { ...production, lookup: resolvesTo('93.184.216.34', '127.0.0.1') })).toEqual({ ok: false, reason: 'webhook.url.private-address' });
  });

  it('still accepts https to a public address', async () => {
    expect(await checkEndpoint('https://shop.example.com/hooks', { ...production, lookup: resolvesTo('93.184.216.34') })).toMatchObject({ ok: true, addresses: ['93.184.216.34'] });
  });
});
