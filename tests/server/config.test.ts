// The server's settings read from the environment (server/config.ts): the proof fetch limits (issue
// #27) keep their defaults when unset, take a valid value, and refuse a wrong one at start.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const configOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('proof fetch limits', () => {
  it('are 5 MiB, 10 s, 3 redirects and a quarter of an hour when unset', () => {
    expect(configOf({}).proofFetch).toEqual({ maxBytes: 5 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3, giveUpAfterS: 900 });
  });

  it('take the values set', () => {
    const config = configOf({ PROOF_FETCH_MAX_BYTES: '1048576', PROOF_FETCH_TIMEOUT_MS: '2500', PROOF_FETCH_MAX_REDIRECTS: '0', PROOF_FETCH_GIVE_UP_AFTER_S: '3600' });
    expect(config.proofFetch).toEqual({ maxBytes: 1_048_576, timeoutMs: 2_500, maxRedirects: 0, giveUpAfterS: 3_600 });
  });

  it.each([
    ['PROOF_FETCH_MAX_BYTES', '0', /PROOF_FETCH_MAX_BYTES must be a whole number of at least 1/],
    ['PROOF_FETCH_MAX_BYTES', '5MB', /PROOF_FETCH_MAX_BYTES must be a non-negative number/],
    ['PROOF_FETCH_TIMEOUT_MS', '1.5', /PROOF_FETCH_TIMEOUT_MS must be a whole number of at least 1/],
    ['PROOF_FETCH_MAX_REDIRECTS', '-1', /PROOF_FETCH_MAX_REDIRECTS must be a non-negative number/],
    ['PROOF_FETCH_MAX_REDIRECTS', '2.5', /PROOF_FETCH_MAX_REDIRECTS must be a whole number/],
    ['PROOF_FETCH_GIVE_UP_AFTER_S', '0', /PROOF_FETCH_GIVE_UP_AFTER_S must be a whole number of at least 1/],
  ])('refuse %s=%s with a message naming the setting', (name, value, message) => {
    expect(() => configOf({ [name]: value })).toThrow(message);
  });
});
