// Which SMS sender the server uses: files in DATA_DIR/sms-outbox by default, Twilio's Messages API
// when SMS_PROVIDER=twilio (with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and SMS_FROM or the brand's name).
import { brandNamed } from '../../domain/brands';
import type { Config } from '../config';
import { createOutboxSms } from './outboxSms';
import type { SmsSender } from './port';
import { createTwilioSms } from './twilioSms';

/** Alphanumeric sender ids are at most 11 letters, digits or spaces. */
const SENDER_ID_MAX = 11;

/** The sender of every SMS: SMS_FROM when set, else the brand's product name as an alphanumeric sender id. */
export function smsSender(brand: string, smsFrom: string | null): string {
  if (smsFrom !== null && smsFrom.trim() !== '') return smsFrom.trim();
  return brandNamed(brand).productName.replace(/[^A-Za-z0-9 ]/g, '').trim().slice(0, SENDER_ID_MAX).trim();
}

export function createSms(config: Pick<Config, 'dataDir' | 'brand' | 'sms'>): SmsSender {
  const from = smsSender(config.brand, config.sms.from);
  if (config.sms.provider === 'twilio') {
    const { twilio } = config.sms;
    if (!twilio) throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
    return createTwilioSms({ ...twilio, from });
  }
  return createOutboxSms(config.dataDir, from);
}
