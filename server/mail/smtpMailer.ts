// Mail through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465).
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(msg: MailMessage) {
      await transport.sendMail({ from, ...msg });
    },
  };
}
