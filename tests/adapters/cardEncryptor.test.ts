// The browser's card encryptor against the server's decryptor: what the second card provider's form
// encrypts (WebCrypto through jose, as in the browser) is what the sandbox reads back, and only the
// holder of that key pair can read it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardEncryptor } from '../../adapters/payments/cardEncryptor';
import type { CardEncryptionKey, PaymentCardFields } from '../../adapters/ports';
import { createCardDecryptor, fileKeyPairSource, type CardDecryptor } from '../../server/payments/cardEncryption';

const CARD: PaymentCardFields = { number: '4111111111111111', expiry_month: 12, expiry_year: 2035, cvc: '123', holder_name: 'Mei-Ling Chen' };

let dirs: string[] = [];
let decryptor: CardDecryptor;
let otherDecryptor: CardDecryptor;

async function decryptorInNewDir(): Promise<CardDecryptor> {
  const dir = await mkdtemp(join(tmpdir(), 'card-key-'));
  dirs = [...dirs, dir];
  return createCardDecryptor(fileKeyPairSource(dir));
}

beforeAll(async () => {
  decryptor = await decryptorInNewDir();
  otherDecryptor = await decryptorInNewDir();
});
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const publicKey = async (from: CardDecryptor) => (await from.publicJwk()) as CardEncryptionKey;

describe('createCardEncryptor', () => {
  it("encrypts a card the server's decryptor reads back field for field", async () => {
    const jwe = await createCardEncryptor().encrypt(CARD, await publicKey(decryptor));
    expect(await decryptor.decrypt(jwe)).toEqual(CARD);
  });

  it('makes a compact JWE (RSA-OAEP-256, A256GCM, the key id) with the card nowhere in clear', async () => {
    const key = await publicKey(decryptor);
    const jwe = await createCardEncryptor().encrypt(CARD, key);
    expect(jwe.split('.')).toHaveLength(5);
    expect(decodeProtectedHeader(jwe)).toEqual({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.kid });
    const decodedParts = jwe.split('.').map((part) => Buffer.from(part, 'base64url').toString('latin1'));
    for (const secret of [CARD.number, CARD.cvc, CARD.holder_name]) {
      expect(jwe).not.toContain(secret);
      expect(decodedParts.join('')).not.toContain(secret);
    }
  });

  it('encrypts the same card differently each time', async () => {
    const key = await publicKey(decryptor);
    const encryptor = createCardEncryptor();
    expect(await encryptor.encrypt(CARD, key)).not.toBe(await encryptor.encrypt(CARD, key));
  });

  it('is unreadable without the matching private key', async () => {
    const jwe = await createCardEncryptor().encrypt(CARD, await publicKey(otherDecryptor));
    await expect(decryptor.decrypt(jwe)).rejects.toMatchObject({ code: 'invalid_encrypted_card' });
  });

  it('rejects a key that is not an RSA public key', async () => {
    await expect(createCardEncryptor().encrypt(CARD, { kty: 'RSA', n: 'not-a-modulus', e: 'AQAB' })).rejects.toThrow();
  });
});
