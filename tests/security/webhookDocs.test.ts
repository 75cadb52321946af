// The Node verification snippet of docs/webhooks.md, run as a receiver would run it, against
// signatures made by the server's signer: a guide whose code drifted from the signer fails here.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { signWebhook } from '../../server/webhooks/signature';

type Verify = (secret: string, header: string, rawBody: string, nowS?: number, toleranceS?: number) => boolean;

function nodeSnippet(): Verify {
  const guide = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
  const code = /<!-- verify-snippet:node -->\s*```js\n([\s\S]*?)```/.exec(guide)?.[1];
  if (!code) throw new Error('docs/webhooks.md has no Node snippet');
  // The snippet is plain CommonJS: give it `require` and take its function back.
  return new Function('require', `${code}\nreturn verifyWebhook;`)(createRequire(import.meta.url)) as Verify;
}

describe('docs/webhooks.md Node snippet', () => {
  const verify = nodeSnippet();
  const body = JSON.stringify({ id: 'evt_1', type: 'order.status_changed', data: { order_id: 'o-1', status: 'DELIVERED' } });
  const t = 1_800_000_000;

  it('accepts what the server signs, with either secret while rotating', () => {
    expect(verify('secret-a', signWebhook(['secret-a'], t, body), body, t)).toBe(true);
    const rotating = signWebhook(['secret-old', 'secret-new'], t, body);
    expect(verify('secret-old', rotating, body, t)).toBe(true);
    expect(verify('secret-new', rotating, body, t)).toBe(true);
  });

  it('refuses a changed body, another secret, a replay outside 300 s and a malformed header', () => {
    const header = signWebhook(['secret-a'], t, body);
    expect(verify('secret-a', header, `${body} `, t)).toBe(false);
    expect(verify('secret-b', header, body, t)).toBe(false);
    expect(verify('secret-a', header, body, t + 301)).toBe(false);
    expect(verify('secret-a', 'nonsense', body, t)).toBe(false);
  });
});
