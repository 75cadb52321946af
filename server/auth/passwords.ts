// Password hashing with argon2id (@node-rs/argon2 defaults: 19 MiB, t=2, OWASP's baseline).
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id (an ambient const enum, unusable under isolatedModules).
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// Verified against when the email is unknown, so both cases take the same time.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hashPassword('timing-equaliser-not-a-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
