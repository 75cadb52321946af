// Password hashing with argon2id (@node-rs/argon2 defaults: 19 MiB, t=2, OWASP's baseline).
import { hash, verify, type Options } from '@node-rs/argon2';

// Algorithm.Argon2id (an ambient const enum, unusable under isolatedModules).
const ARGON2ID = 2;

const PRODUCTION: Options = { algorithm: ARGON2ID };
/**
 * Test runs only: hundreds of demo seeds and logins per run at 19 MiB each cost minutes on a two-core
 * machine. Honoured only inside Vitest (VITEST) with TEST_CHEAP_PASSWORD_HASHES=1 (vitest.config.ts);
 * verify reads the parameters from each stored hash, so either kind of hash still verifies.
 */
const TEST_ONLY: Options = { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 };

function hashOptions(): Options {
  return process.env.VITEST && process.env.TEST_CHEAP_PASSWORD_HASHES === '1' ? TEST_ONLY : PRODUCTION;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashOptions());
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
