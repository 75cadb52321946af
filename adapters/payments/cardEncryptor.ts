// Client-side card encryption as card providers offer it (the second card provider, TaiwanCardProvider):
// the card fields become a compact JWE under the provider's public key, made with WebCrypto through
// jose, so the card number and CVC never cross our API in clear. The server's sandbox decrypts it
// (server/payments/cardEncryption.ts). jose is imported when a card is encrypted, not with the app:
// only the online-payment step needs it.
import type { CardEncryptionKey, CardEncryptor, PaymentCardFields } from '../ports';

/** The provider's key algorithm and content encryption (server/payments/cardEncryption.ts). */
export const CARD_KEY_ALGORITHM = 'RSA-OAEP-256';
export const CARD_CONTENT_ENCRYPTION = 'A256GCM';

export function createCardEncryptor(): CardEncryptor {
  return {
    async encrypt(card: PaymentCardFields, jwk: CardEncryptionKey): Promise<string> {
      const { CompactEncrypt, importJWK } = await import('jose');
      const key = await importJWK({ kty: jwk.kty, n: jwk.n, e: jwk.e }, CARD_KEY_ALGORITHM);
      // The key id tells a provider holding several keys which one to decrypt with.
      const header = { alg: CARD_KEY_ALGORITHM, enc: CARD_CONTENT_ENCRYPTION, ...(jwk.kid ? { kid: jwk.kid } : {}) };
      return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(card))).setProtectedHeader(header).encrypt(key);
    },
  };
}
