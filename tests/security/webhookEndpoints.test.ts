// Webhook endpoints and SSRF (issue #25): only https to public addresses, or any scheme to loopback
// for local testing; private, shared, link-local and cloud-metadata addresses are refused, also when
// a public-looking name resolves to them, and every resolved address must pass.
import { describe, expect, it } from 'vitest';
import { checkEndpoint, checkEndpointShape, isAllowedAddress, type Lookup } from '../../server/webhooks/endpointAddress';

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

  it('accepts https anywhere public and plain http only to loopback names', () => {
    expect(checkEndpointShape('https://shop.example.com/hooks').ok).toBe(true);
    expect(checkEndpointShape('http://127.0.0.1:9000/hooks').ok).toBe(true);
    expect(checkEndpointShape('http://localhost:9000/hooks').ok).toBe(true);
    expect(checkEndpointShape('http://[::1]:9000/hooks').ok).toBe(true);
    expect(checkEndpointShape('http://shop.example.com/hooks')).toEqual({ ok: false, reason: 'webhook.url.scheme' });
    expect(checkEndpointShape('ftp://shop.example.com/')).toEqual({ ok: false, reason: 'webhook.url.scheme' });
    expect(checkEndpointShape('file:///etc/passwd')).toEqual({ ok: false, reason: 'webhook.url.scheme' });
    expect(checkEndpointShape('https://user:pass@shop.example.com/')).toEqual({ ok: false, reason: 'webhook.url.credentials' });
    expect(checkEndpointShape('not a url')).toEqual({ ok: false, reason: 'webhook.url.invalid' });
  });

  it('judges the addresses a name resolves to: one private address is enough to refuse', async () => {
    expect(await checkEndpoint('https://shop.example.com/hooks', resolvesTo('93.184.216.34'))).toMatchObject({ ok: true, addresses: ['93.184.216.34'] });
    expect(await checkEndpoint('https://metadata.example.com/', resolvesTo('169.254.169.254'))).toEqual({ ok: false, reason: 'webhook.url.private-address' });
    expect(await checkEndpoint('https://mixed.example.com/', resolvesTo('93.184.216.34', '10.1.2.3'))).toEqual({ ok: false, reason: 'webhook.url.private-address' });
    expect(await checkEndpoint('https://10.0.0.1/')).toEqual({ ok: false, reason: 'webhook.url.private-address' });
    expect(await checkEndpoint('https://[fd00:ec2::254]/')).toEqual({ ok: false, reason: 'webhook.url.private-address' });
    expect(await checkEndpoint('https://gone.example.com/', unresolvable)).toEqual({ ok: false, reason: 'webhook.url.unresolvable' });
  });

  it('lets plain http through only when every address is loopback (a localhost name rebound outside is refused)', async () => {
    expect(await checkEndpoint('http://localhost:9000/', resolvesTo('127.0.0.1', '::1'))).toMatchObject({ ok: true });
    expect(await checkEndpoint('http://localhost:9000/', resolvesTo('93.184.216.34'))).toEqual({ ok: false, reason: 'webhook.url.private-address' });
    expect(await checkEndpoint('http://127.0.0.1:9000/')).toMatchObject({ ok: true, addresses: ['127.0.0.1'] });
  });
});
