// Webhook signing secrets at rest. A secret must be readable to sign with, so it cannot be hashed
// like an API key: it is encrypted with AES-256-GCM under a key derived (HKDF) from the server's
// LINK_SIGNING_SECRET, so a copy of the database alone does not reveal it. Rotating that setting
// makes every stored secret unreadable (endpoints then need a new secret).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(secret: string): string;
  open(sealed: string): string;
}

export function createSecretBox(linkSigningSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', linkSigningSecret, 'courier-portal', 'webhook-secret', 32));
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unreadable webhook secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** A fresh signing secret, `whsec_` and 32 random bytes. */
export const generateWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;
