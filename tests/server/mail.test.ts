// The Mailer (server/mail): .eml files in DATA_DIR/outbox, or SMTP when a URL is given. Checks that an
// Arabic subject and body survive RFC 2047 / MIME encoding by decoding the written message.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, DEFAULT_FROM } from '../../server/mail/chooseMailer';
import { mailSender } from '../../server/mail/sender';
import { loadConfig } from '../../server/config';

const ARABIC_SUBJECT = 'رمز إعادة تعيين كلمة المرور: 482913 — Password reset code';
const ARABIC_TEXT = 'مرحباً،\nرمز التحقق الخاص بك هو 482913 وهو صالح لمدة 15 دقيقة.';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mail-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Headers (unfolded, by lower-case name) and raw body of a single-part RFC 822 message. */
function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: rest.join('\n\n') };
}

function decodeQuotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded-words; whitespace between two adjacent words is not part of the text. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function decodeBody(body: string, transferEncoding: string | undefined): string {
  if (transferEncoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (transferEncoding === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

async function outboxFiles(): Promise<string[]> {
  return (await readdir(join(dataDir, 'outbox'))).sort();
}

describe('the sender of every mail', () => {
  it("is the brand's product at the brand's own host, or MAIL_FROM when set", () => {
    expect(DEFAULT_FROM).toBe('HungerStation Send <no-reply@hungerstation.localhost>');
    expect(mailSender('TALABAT')).toBe('talabat go <no-reply@talabat.localhost>');
    expect(mailSender('glovo')).toBe('Glovo On-Demand <no-reply@glovo.localhost>');
    expect(mailSender('TALABAT', 'talabat go <hello@talabat.example>')).toBe('talabat go <hello@talabat.example>');
    expect(mailSender('TALABAT', '  ')).toBe('talabat go <no-reply@talabat.localhost>');
    expect(DEFAULT_FROM).not.toMatch(/Courier Portal|portal\.localhost/);
  });

  it('reads MAIL_FROM from the environment', () => {
    const dir = dataDir;
    expect(loadConfig({ DATA_DIR: dir, MAIL_FROM: 'Ops <ops@example.com>' }).mailFrom).toBe('Ops <ops@example.com>');
    expect(loadConfig({ DATA_DIR: dir }).mailFrom).toBeNull();
  });
});

describe('outbox mailer', () => {
  it('writes an .eml whose Arabic subject and body round-trip through their encodings', async () => {
    const mailer = createMailer({ dataDir });
    await mailer.send({ to: 'vendor@example.com', subject: ARABIC_SUBJECT, text: ARABIC_TEXT });
    const [file] = await outboxFiles();
    expect(file).toMatch(/^\d{4}-\d\d-\d\dT.*\.eml$/);
    const raw = await readFile(join(dataDir, 'outbox', file!), 'utf8');
    // Headers are 7-bit: the subject is carried as encoded-words, not raw UTF-8.
    expect(raw.split(/\r?\n\r?\n/)[0]).toMatch(/^[\x20-\x7e\r\n\t]*$/);
    const { headers, body } = splitMessage(raw);
    expect(headers.get('subject')).toMatch(/=\?UTF-8\?[BQ]\?/i);
    expect(decodeEncodedWords(headers.get('subject')!)).toBe(ARABIC_SUBJECT);
    expect(headers.get('to')).toBe('vendor@example.com');
    expect(headers.get('from')).toBe(DEFAULT_FROM);
    expect(headers.get('content-type')).toMatch(/text\/plain; charset=utf-8/i);
    expect(headers.get('message-id')).toMatch(/^<.+@.+>$/);
    expect(headers.get('date')).toBeTruthy();
    expect(decodeBody(body, headers.get('content-transfer-encoding')).trim()).toBe(ARABIC_TEXT);
  });

  it('writes one file per message, html and attachments included, and no temp files', async () => {
    const mailer = createMailer({ dataDir, from: 'Portal <noreply@portal.test>' });
    const report = Buffer.from('order_id,status\nA1,DELIVERED\n');
    await Promise.all([
      mailer.send({ to: 'a@example.com', subject: 'Export', text: 'See attached', html: '<p>See attached</p>', attachments: [{ filename: 'orders-2026-11.csv', content: report }] }),
      mailer.send({ to: 'b@example.com', subject: 'Second', text: 'Hello' }),
    ]);
    const files = await outboxFiles();
    expect(files).toHaveLength(2);
    expect(files.every((name) => name.endsWith('.eml'))).toBe(true);
    const raws = await Promise.all(files.map((name) => readFile(join(dataDir, 'outbox', name), 'utf8')));
    const withAttachment = raws.find((raw) => raw.includes('orders-2026-11.csv'));
    expect(withAttachment).toMatch(/Content-Type: multipart\/mixed/);
    expect(withAttachment).toMatch(/Content-Type: text\/html/);
    expect(withAttachment).toMatch(/filename=orders-2026-11\.csv/);
    expect(withAttachment).toContain(report.toString('base64'));
    expect(withAttachment).toMatch(/^From: Portal <noreply@portal\.test>$/m);
  });
});

describe('SMTP mailer', () => {
  let server: Server;
  let received: string[];
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The smallest SMTP conversation nodemailer needs (no TLS, no auth). */
  function startSmtpServer(): Promise<number> {
    received = [];
    server = createServer((socket) => {
      let buffer = '';
      let inData = false;
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        while (true) {
          if (inData) {
            const end = buffer.indexOf('\r\n.\r\n');
            if (end < 0) return;
            received.push(buffer.slice(0, end));
            buffer = buffer.slice(end + 5);
            inData = false;
            socket.write('250 queued\r\n');
            continue;
          }
          const lineEnd = buffer.indexOf('\r\n');
          if (lineEnd < 0) return;
          const command = buffer.slice(0, lineEnd).toUpperCase();
          buffer = buffer.slice(lineEnd + 2);
          if (command.startsWith('EHLO')) socket.write('250-test\r\n250 8BITMIME\r\n');
          else if (command.startsWith('DATA')) {
            inData = true;
            socket.write('354 go on\r\n');
          } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
  }

  it('sends through SMTP_URL instead of the outbox', async () => {
    const port = await startSmtpServer();
    const mailer = createMailer({ dataDir, smtpUrl: `smtp://127.0.0.1:${port}` });
    await mailer.send({ to: 'vendor@example.com', subject: ARABIC_SUBJECT, text: ARABIC_TEXT });
    expect(received).toHaveLength(1);
    const { headers } = splitMessage(received[0]!);
    expect(decodeEncodedWords(headers.get('subject')!)).toBe(ARABIC_SUBJECT);
    await expect(readdir(join(dataDir, 'outbox'))).rejects.toThrow();
  });
});
