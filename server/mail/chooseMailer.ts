// Which mailer the server uses: .eml files in DATA_DIR/outbox by default, SMTP when SMTP_URL is set.
// Both go through nodemailer so headers and encodings (Arabic subjects) are right. Processes on one
// machine share the outbox; on several machines SMTP is the answer (README.md here).
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outboxMailer';
import { mailSender } from './sender';
import { createSmtpMailer } from './smtpMailer';

export interface MailerOptions {
  dataDir: string;
  smtpUrl?: string;
  /** The From header; defaults to DEFAULT_FROM. */
  from?: string;
}

/** The reference brand's sender; the app passes its own brand's (or MAIL_FROM). */
export const DEFAULT_FROM = mailSender('HUNGER_STATION');

export function createMailer(opts: MailerOptions): Mailer {
  const from = opts.from ?? DEFAULT_FROM;
  return opts.smtpUrl ? createSmtpMailer(opts.smtpUrl, from) : createOutboxMailer(opts.dataDir, from);
}
