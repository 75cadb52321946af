// The links a recipient message carries: the public tracking page and receipt (the order's `?t=`
// token) and the opt-out page, signed with LINK_SIGNING_SECRET over the message's key so the link
// names no address or number and cannot be made for another message.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { trackingTokenFor } from '../orders/trackingToken';

export interface LinkSettings {
  publicUrl: string;
  linkSigningSecret: string;
}

export function trackingLink(settings: LinkSettings, orderId: string): string {
  const url = new URL(`/tracking/${encodeURIComponent(orderId)}`, settings.publicUrl);
  url.searchParams.set('t', trackingTokenFor(orderId, settings.linkSigningSecret));
  return url.href;
}

export function receiptLink(settings: LinkSettings, orderId: string): string {
  const url = new URL(`/delivery-receipt/${encodeURIComponent(orderId)}`, settings.publicUrl);
  url.searchParams.set('t', trackingTokenFor(orderId, settings.linkSigningSecret));
  return url.href;
}

export const OPT_OUT_PATH = '/notifications/opt-out';

function optOutSignature(messageKey: string, secret: string): string {
  return createHmac('sha256', secret).update(`opt-out:${messageKey}`).digest('base64url').slice(0, 32);
}

export function optOutLink(settings: LinkSettings, messageKey: string): string {
  const url = new URL(OPT_OUT_PATH, settings.publicUrl);
  url.searchParams.set('m', messageKey);
  url.searchParams.set('s', optOutSignature(messageKey, settings.linkSigningSecret));
  return url.href;
}

/** Constant-time check of an opt-out link's signature; a missing one fails like a wrong one. */
export function isValidOptOutSignature(messageKey: string, signature: string | undefined, secret: string): boolean {
  if (typeof signature !== 'string' || signature === '') return false;
  const expected = Buffer.from(optOutSignature(messageKey, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
