// SMS for the embedded default: each message is one JSON file in DATA_DIR/sms-outbox
// (`<time>-<random>.json`, written to a temp name and renamed), like the mail outbox in server/mail.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SmsMessage, SmsSender } from './port';

export const SMS_OUTBOX_DIR = 'sms-outbox';

/** What a file in the outbox holds. */
export interface SmsOutboxFile {
  from: string;
  to: string;
  body: string;
  /** ISO time of writing. */
  sent_at: string;
}

export function createOutboxSms(dataDir: string, from: string): SmsSender {
  const outbox = join(dataDir, SMS_OUTBOX_DIR);
  return {
    async send(message: SmsMessage) {
      await mkdir(outbox, { recursive: true });
      const sentAt = new Date().toISOString();
      const file: SmsOutboxFile = { from, to: message.to, body: message.body, sent_at: sentAt };
      // Sortable by time; the random part keeps two messages of the same millisecond apart.
      const name = `${sentAt.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      const temp = join(outbox, `.${name}.tmp`);
      await writeFile(temp, `${JSON.stringify(file, null, 2)}\n`);
      await rename(temp, join(outbox, name)); // a reader never sees half a message
    },
  };
}
