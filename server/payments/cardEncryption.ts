// Client-side card encryption as real card providers offer it: the browser encrypts the card fields
// into a compact JWE (RSA-OAEP-256 + A256GCM) with the sandbox's public key, so the card never crosses
// our API in clear. The key pair is created once and kept in dataDir.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { compactDecrypt, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { CardInput } from './provider';
import { PaymentProviderError } from './errors';

export const CARD_KEY_FILE = 'payments-sandbox-key.json';
export const CARD_KEY_ALG = 'RSA-OAEP-256';

interface StoredKeyPair {
  publicJwk: JWK;
  privateJwk: JWK;
}

export interface CardDecryptor {
  publicJwk(): Promise<JWK>;
  decrypt(jwe: string): Promise<CardInput>;
}

async function loadOrCreateKeyPair(dataDir: string): Promise<StoredKeyPair> {
  const file = join(dataDir, CARD_KEY_FILE);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as StoredKeyPair;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { publicKey, privateKey } = await generateKeyPair(CARD_KEY_ALG, { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const pair: StoredKeyPair = {
    publicJwk: { ...(await exportJWK(publicKey)), alg: CARD_KEY_ALG, use: 'enc', kid },
    privateJwk: { ...(await exportJWK(privateKey)), alg: CARD_KEY_ALG, use: 'enc', kid },
  };
  await mkdir(dataDir, { recursive: true });
  const temp = `${file}.${kid}.tmp`;
  await writeFile(temp, JSON.stringify(pair), { mode: 0o600 });
  await rename(temp, file);
  return pair;
}

function asCardInput(value: unknown): CardInput | null {
  if (typeof value !== 'object' || value === null) return null;
  const card = value as Record<string, unknown>;
  const isText = (key: string) => typeof card[key] === 'string';
  const isNumber = (key: string) => typeof card[key] === 'number';
  if (!isText('number') || !isText('cvc') || !isText('holder_name') || !isNumber('expiry_month') || !isNumber('expiry_year')) {
    return null;
  }
  return {
    number: card.number as string,
    cvc: card.cvc as string,
    holder_name: card.holder_name as string,
    expiry_month: card.expiry_month as number,
    expiry_year: card.expiry_year as number,
  };
}

export function createCardDecryptor(dataDir: string): CardDecryptor {
  let pair: Promise<StoredKeyPair> | null = null;
  const keys = () => (pair ??= loadOrCreateKeyPair(dataDir));
  return {
    async publicJwk() {
      return (await keys()).publicJwk;
    },
    async decrypt(jwe) {
      const privateKey = await importJWK((await keys()).privateJwk, CARD_KEY_ALG);
      try {
        const { plaintext } = await compactDecrypt(jwe, privateKey, {
          keyManagementAlgorithms: [CARD_KEY_ALG],
          contentEncryptionAlgorithms: ['A256GCM'],
        });
        const card = asCardInput(JSON.parse(new TextDecoder().decode(plaintext)));
        if (card) return card;
      } catch {
        // falls through: a bad JWE and a bad payload are the same error for the caller
      }
      throw new PaymentProviderError('invalid_encrypted_card');
    },
  };
}
