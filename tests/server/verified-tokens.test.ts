import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signToken } from '../../server/auth/tokens';
import { createTokenVerifier } from '../../server/auth/verifiedTokens';
import { BoundedCache } from '../../server/http/boundedCache';

const SECRET = 'a-test-secret-of-enough-length-for-hs256';

describe('BoundedCache', () => {
  it('forgets the least recently used entry once full', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // 'a' is now the most recent
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([1, undefined, 3, 2]);
  });
});

describe('createTokenVerifier', () => {
  it('verifies a token once, then answers from the memo until its expiry by the clock', async () => {
    let nowMs = 50_000;
    let verifications = 0;
    const verify = createTokenVerifier(SECRET, () => nowMs, async (_secret, _kind, token) => {
      verifications += 1;
      return token === 'good' ? { sub: 'account-1', exp: 100 } : null;
    });
    expect((await verify('access', 'good'))?.sub).toBe('account-1');
    expect((await verify('access', 'good'))?.sub).toBe('account-1');
    expect(verifications).toBe(1);
    // Past `exp` the memo no longer answers: the token is verified again (and jose refuses it).
    nowMs = 100_001;
    await verify('access', 'good');
    expect(verifications).toBe(2);
    // Refusals are not memoised.
    await verify('access', 'bad');
    await verify('access', 'bad');
    expect(verifications).toBe(4);
  });

  it('keeps kinds apart and does not memoise refusals', async () => {
    const verify = createTokenVerifier(SECRET);
    const { token } = await signToken(SECRET, 'guest', 'guest-1', {}, Math.floor(Date.now() / 1000));
    expect(await verify('access', token)).toBeNull();
    expect((await verify('guest', token))?.sub).toBe('guest-1');
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setSubject('x').setIssuer('courier-portal')
      .setAudience('portal').setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-of-enough-length-xx'));
    expect(await verify('access', forged)).toBeNull();
    expect(await verify('access', forged)).toBeNull();
  });
});
