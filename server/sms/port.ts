// The server's SMS port: types only. chooseSms.ts picks the implementation: one file per
// message in DATA_DIR/sms-outbox by default, Twilio's Messages API when SMS_PROVIDER=twilio.

export interface SmsMessage {
  /** E.164 (`+966501234567`): the domain's recipientPhoneE164 made it. */
  to: string;
  body: string;
}

export interface SmsSender {
  /** Resolves once the provider accepted the message; throws when it did not (the job retries). */
  send(message: SmsMessage): Promise<void>;
}
