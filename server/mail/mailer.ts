// The server's mail port (DESIGN.md "Real parts"): types only. chooseMailer.ts picks the implementation:
// .eml files in DATA_DIR/outbox by default, SMTP when SMTP_URL is set.

export interface MailAttachment {
  filename: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}
