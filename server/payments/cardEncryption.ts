// Client-side card encryption as real card providers offer it: the browser encrypts the card fields
// into a compact JWE (RSA-OAEP-256 + A256GCM) with the sandbox's public key, so the card never crosses
// our API in clear. The key pair is created once and kept in the database (every server process must
// decrypt what a browser encrypted with the key another process handed out), or in dataDir without one.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { compactDecrypt, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Db } from '../db/connect';
import type { PaymentsSandboxTables } from './tables';
import type { CardInput } from './provider';
import { PaymentProviderError } from './errors';

export const CARD_KEY_FILE = 'payments-sandbox-key.json';
export const CARD_KEY_ALG = 'RSA-OAEP-256';

export interface StoredKeyPair {
  publicJwk: JWK;
  privateJwk: JWK;
}

export interface CardDecryptor {
  publicJwk(): Promise<JWK>;
  decrypt(jwe: string): Promise<CardInput>;
}

/** Loads the kept key pair, creating and keeping one the first time. */
export type KeyPairSource = () => Promise<StoredKeyPair>;

async function newKeyPair(): Promise<StoredKeyPair> {
  const { publicKey, privateKey } = await generateKeyPair(CARD_KEY_ALG, { extractable: true });
  const kid = randomBytes(8).toString('hex');
  return {
    publicJwk: { ...(await exportJWK(publicKey)), alg: CARD_KEY_ALG, use: 'enc', kid },
    privateJwk: { ...(await exportJWK(privateKey)), alg: CARD_KEY_ALG, use: 'enc', kid },
  };
}

/** DATA_DIR/payments-sandbox-key.json, mode 0600: one process, or processes sharing one DATA_DIR. */
export function fileKeyPairSource(dataDir: string): KeyPairSource {
  return async () => {
    const file = join(dataDir, CARD_KEY_FILE);
    try {
      return JSON.parse(await readFile(file, 'utf8')) as StoredKeyPair;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const pair = await newKeyPair();
    await mkdir(dataDir, { recursive: true });
    const temp = `${file}.${pair.publicJwk.kid ?? 'key'}.tmp`;
    await writeFile(temp, JSON.stringify(pair), { mode: 0o600 });
    await rename(temp, file);
    return pair;
  };
}

const CARD_KEY_NAME = 'card-encryption';

/** The table payment_sandbox_keys: the first process to insert wins, every other one reads its pair. */
export function databaseKeyPairSource(store: Db): KeyPairSource {
  const db = store.withTables<PaymentsSandboxTables>();
  const read = async () => {
    const row = await db.selectFrom('payment_sandbox_keys').select('key_pair').where('name', '=', CARD_KEY_NAME).executeTakeFirst();
    return row ? (JSON.parse(row.key_pair) as StoredKeyPair) : undefined;
  };
  return async () => {
    const kept = await read();
    if (kept) return kept;
    const pair = await newKeyPair();
    await db.insertInto('payment_sandbox_keys').values({ name: CARD_KEY_NAME, key_pair: JSON.stringify(pair) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const winner = await read();
    if (!winner) throw new Error('card-encryption key pair missing right after it was stored');
    return winner;
  };
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

export function createCardDecryptor(source: KeyPairSource): CardDecryptor {
  let pair: Promise<StoredKeyPair> | null = null;
  // A failed load (database down) is tried again on the next call instead of being kept.
  const keys = () => (pair ??= source().catch((error: unknown) => { pair = null; throw error; }));
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
