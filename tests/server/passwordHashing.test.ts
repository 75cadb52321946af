// Test runs hash with cheap argon2 parameters (TEST_CHEAP_PASSWORD_HASHES in vitest.config.ts); a
// deployment never sets it and keeps OWASP's baseline, and each hash verifies whichever kind it is.
import { parseOptions } from '@node-rs/argon2';
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/auth/passwords';

const configured = process.env.TEST_CHEAP_PASSWORD_HASHES;
afterEach(() => {
  if (configured === undefined) delete process.env.TEST_CHEAP_PASSWORD_HASHES;
  else process.env.TEST_CHEAP_PASSWORD_HASHES = configured;
});

describe('password hashing parameters', () => {
  it('are argon2id at 19 MiB and two passes without the test setting', async () => {
    delete process.env.TEST_CHEAP_PASSWORD_HASHES;
    const stored = await hashPassword('Portal!2026');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(parseOptions(stored)).toMatchObject({ memoryCost: 19456, timeCost: 2 });
    expect(await verifyPassword(stored, 'Portal!2026')).toBe(true);
    expect(await verifyPassword(stored, 'Portal!2027')).toBe(false);
  });

  it('are cheap in test runs, and such a hash still verifies only its password', async () => {
    process.env.TEST_CHEAP_PASSWORD_HASHES = '1';
    const stored = await hashPassword('Portal!2026');
    expect(parseOptions(stored)).toMatchObject({ memoryCost: 1024, timeCost: 1 });
    expect(await verifyPassword(stored, 'Portal!2026')).toBe(true);
    expect(await verifyPassword(stored, 'Portal!2027')).toBe(false);
  });
});
