// The stored form of an API key: a keyed hash with a per-key salt, compared in constant time.
import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof crypto>();
  return { ...original, timingSafeEqual: vi.fn(original.timingSafeEqual) };
});

const { apiKeyPepper, generateApiKey, hashApiKeySecret, parseApiKey, secretMatches } = await import('../../server/apiKeys/keyFormat');

const pepper = apiKeyPepper('link-signing-secret-for-tests');

describe('API key hashing', () => {
  it('keeps a salted, keyed hash: the same secret hashes differently per salt and per server secret', () => {
    const key = generateApiKey(pepper);
    expect(key.hash).not.toContain(key.secret);
    expect(hashApiKeySecret(pepper, 'other-salt', key.secret)).not.toBe(key.hash);
    expect(hashApiKeySecret(apiKeyPepper('another-server'), key.salt, key.secret)).not.toBe(key.hash);
    expect(parseApiKey(key.key)).toEqual({ keyId: key.keyId, secret: key.secret });
  });

  it('compares fixed-length digests with timingSafeEqual, whatever the guess', () => {
    const key = generateApiKey(pepper);
    const compare = vi.mocked(crypto.timingSafeEqual);
    compare.mockClear();
    expect(secretMatches(pepper, key.salt, key.hash, key.secret)).toBe(true);
    expect(secretMatches(pepper, key.salt, key.hash, `${key.secret.slice(0, -1)}x`)).toBe(false);
    expect(secretMatches(pepper, key.salt, key.hash, 'short')).toBe(false);
    expect(secretMatches(pepper, key.salt, key.hash, '')).toBe(false);
    // Every guess, short or long, reached the constant-time compare over equal lengths.
    expect(compare).toHaveBeenCalledTimes(4);
    for (const [a, b] of compare.mock.calls) expect((a as Buffer).length).toBe((b as Buffer).length);
  });

  it('reads only the key shape it issues', () => {
    expect(parseApiKey('cpk_0123456789abcdef_short')).toBeNull();
    expect(parseApiKey(`cpk_0123456789ABCDEF_${'a'.repeat(43)}`)).toBeNull();
    expect(parseApiKey(`xpk_0123456789abcdef_${'a'.repeat(43)}`)).toBeNull();
    expect(parseApiKey(`cpk_0123456789abcdef_${'a'.repeat(43)}`)).not.toBeNull();
  });
});
