// SMS through Twilio's Messages API (SMS_PROVIDER=twilio), its documented request shape:
// POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From and Body,
// HTTP basic auth with the account SID and auth token. A 2xx answer means Twilio queued it; anything
// else throws, so the durable job tries again later.
import type { SmsMessage, SmsSender } from './port';

export const TWILIO_API_BASE = 'https://api.twilio.com';
/** A provider that does not answer within this is treated as a failure (the job retries). */
const REQUEST_TIMEOUT_MS = 10_000;

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A Twilio number in E.164 or an alphanumeric sender id (the brand's name). */
  from: string;
  /** TWILIO_API_BASE unless a test points it at a local fake. */
  apiBase?: string;
}

export class SmsProviderError extends Error {
  constructor(readonly status: number, readonly code: string | null) {
    super(`SMS provider answered ${status}${code ? ` (code ${code})` : ''}`);
    this.name = 'SmsProviderError';
  }
}

export function createTwilioSms(settings: TwilioSettings): SmsSender {
  const base = (settings.apiBase ?? TWILIO_API_BASE).replace(/\/$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    async send(message: SmsMessage) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ To: message.to, From: settings.from, Body: message.body }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      // Twilio's error body is {code, message, more_info, status}; only the code is kept (the message may echo the number).
      const answer = (await response.json().catch(() => null)) as { code?: unknown } | null;
      throw new SmsProviderError(response.status, answer && answer.code !== undefined ? String(answer.code) : null);
    },
  };
}
