// Webhook signatures (issue #25): `t=…,v1=…`, HMAC-SHA256 over `{t}.{body}`; a receiver refuses a
// changed body, another secret, a stale or future timestamp, and malformed headers.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, SIGNATURE_TOLERANCE_S, verifyWebhookSignature } from '../../server/webhooks/signature';

const secret = 'whsec_test_0123456789';
const body = JSON.stringify({ id: 'evt_1', type: 'order.status_changed', created: 1_800_000_000, data: { order_id: 'o-1', status: 'PICKED_UP' } });
const t = 1_800_000_000;

describe('webhook signatures', () => {
  it('signs {t}.{body} with HMAC-SHA256, as a receiver recomputes it independently', () => {
    const header = signWebhook([secret], t, body);
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${expected}`);
    expect(verifyWebhookSignature(secret, header, body, t + 10)).toBe(true);
  });

  it('refuses a changed body, another secret, and timestamps outside the tolerance window', () => {
    const header = signWebhook([secret], t, body);
    expect(verifyWebhookSignature(secret, header, body.replace('PICKED_UP', 'DELIVERED'), t)).toBe(false);
    expect(verifyWebhookSignature('another-secret', header, body, t)).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, t + SIGNATURE_TOLERANCE_S)).toBe(true);
    expect(verifyWebhookSignature(secret, header, body, t + SIGNATURE_TOLERANCE_S + 1)).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, t - SIGNATURE_TOLERANCE_S - 1)).toBe(false);
    // The timestamp is signed: moving it forward to pass the window breaks the signature.
    expect(verifyWebhookSignature(secret, header.replace(`t=${t}`, `t=${t + 1000}`), body, t + 1000)).toBe(false);
  });

  it('carries one v1 per secret while a secret rotates, and either verifies', () => {
    const header = signWebhook(['old-secret', 'new-secret'], t, body);
    expect(header.split(',').filter((part) => part.startsWith('v1='))).toHaveLength(2);
    expect(verifyWebhookSignature('old-secret', header, body, t)).toBe(true);
    expect(verifyWebhookSignature('new-secret', header, body, t)).toBe(true);
  });

  it.each(['', 'garbage', `t=${t}`, `v1=${'a'.repeat(64)}`, `t=abc,v1=${'a'.repeat(64)}`, `t=${t},t=${t},v1=${'a'.repeat(64)}`, `t=${t},v1=zz`])(
    'treats the malformed header %j as unsigned',
    (header) => {
      expect(verifyWebhookSignature(secret, header, body, t)).toBe(false);
    },
  );
});
