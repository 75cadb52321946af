// Mail for the embedded default: each message is built by nodemailer (RFC 5322 headers, encoded-word
// subjects, MIME parts) and written to DATA_DIR/outbox/<time>-<random>.eml, where a developer opens it.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

export const OUTBOX_DIR = 'outbox';

export function createOutboxMailer(dataDir: string, from: string): Mailer {
  const outbox = join(dataDir, OUTBOX_DIR);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(msg: MailMessage) {
      const info = await transport.sendMail({ from, ...msg });
      const message = info.message as Buffer;
      await mkdir(outbox, { recursive: true });
      // Sortable by time; the random part keeps two messages of the same millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const temp = join(outbox, `.${name}.tmp`);
      await writeFile(temp, message);
      await rename(temp, join(outbox, name)); // a reader never sees half a message
    },
  };
}
