// What a failed e2e test prints (tests/e2e/support/failureEvidence.ts) goes into CI logs: addresses keep
// their path and ordinary parameters, and lose the values of those that carry credentials.
import { describe, expect, it } from 'vitest';
import { loggablePath } from '../e2e/support/failureEvidence';

describe('the addresses a failed e2e test logs', () => {
  it('keeps the path and the ordinary parameters, without the origin', () => {
    expect(loggablePath('http://127.0.0.1:4000/orders/api/v1/order?vendorId=sa-1000&orderId=x')).toBe('/orders/api/v1/order?vendorId=sa-1000&orderId=x');
  });

  it('never holds the live socket tokens, an API key or a signature', () => {
    const logged = loggablePath('ws://127.0.0.1:4000/ws?Authorization=Bearer+eyJabc.def|eyJghi&api_key=k1&fee_signature=s1&vendor_id=sa-1000');
    expect(logged).not.toMatch(/eyJ|k1|s1/);
    expect(logged).toContain('vendor_id=sa-1000');
  });

  it('passes through what is not a URL', () => {
    expect(loggablePath('about:blank')).toBe('about:blank');
    expect(loggablePath('not a url')).toBe('not a url');
  });
});
