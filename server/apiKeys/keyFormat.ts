// The shape of an API key and how it is kept: `cpk_{id}_{secret}`. The id is public (the listed
// prefix, and the database lookup); only a keyed SHA-256 of the secret with a per-key salt is
// stored. A fast keyed hash rather than argon2 on purpose: a key is checked on every call, and its
// secret is 256 random bits, so there is nothing for a slow hash to protect against guessing.
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const KEY_PATTERN = /^cpk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export interface ParsedApiKey { keyId: string; secret: string }
export interface NewApiKey extends ParsedApiKey { key: string; salt: string; hash: string }

/** The pepper for key hashes, derived from the server's link-signing secret (no new setting to keep). */
export function apiKeyPepper(linkSigningSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', linkSigningSecret, 'courier-portal', 'api-key-hash', 32));
}

export function hashApiKeySecret(pepper: Buffer, salt: string, secret: string): string {
  return createHmac('sha256', pepper).update(`${salt}:${secret}`).digest('base64url');
}

/** A fresh key: shown to its creator once, then only its id, salt and hash remain. */
export function generateApiKey(pepper: Buffer): NewApiKey {
  const keyId = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const salt = randomBytes(16).toString('base64url');
  return { keyId, secret, key: `cpk_${keyId}_${secret}`, salt, hash: hashApiKeySecret(pepper, salt, secret) };
}

/** The id and secret of a well-formed key; null for anything else (no lookup for junk). */
export function parseApiKey(key: string): ParsedApiKey | null {
  const match = KEY_PATTERN.exec(key);
  return match ? { keyId: match[1] ?? '', secret: match[2] ?? '' } : null;
}

/** The part of a key that may be shown again (lists, logs): never the secret. */
export const apiKeyPrefix = (keyId: string): string => `cpk_${keyId}`;

/**
 * Whether `secret` is the one hashed as `storedHash`. Both sides are fixed-length digests compared
 * with timingSafeEqual, so the answer's timing says nothing about how much of a guess was right.
 */
export function secretMatches(pepper: Buffer, salt: string, storedHash: string, secret: string): boolean {
  const expected = Buffer.from(storedHash, 'base64url');
  const actual = Buffer.from(hashApiKeySecret(pepper, salt, secret), 'base64url');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
