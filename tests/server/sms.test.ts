// The SMS port (server/sms): the outbox writes one whole file per message, and the Twilio adapter
// sends the Messages API's documented request to a local fake that records it (never the real service).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createSms, smsSender } from '../../server/sms/chooseSms';
import { SMS_OUTBOX_DIR, createOutboxSms, type SmsOutboxFile } from '../../server/sms/outboxSms';
import { SmsProviderError, createTwilioSms } from '../../server/sms/twilioSms';

interface Recorded { method: string; url: string; headers: IncomingMessage['headers']; body: string }

let fake: Server;
let fakeBase: string;
const recorded: Recorded[] = [];
/** The status the fake answers next (Twilio answers 201 Created for a queued message). */
let nextStatus = 201;

beforeAll(async () => {
  fake = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      recorded.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(nextStatus, { 'content-type': 'application/json' });
      response.end(JSON.stringify(nextStatus < 300 ? { sid: 'SM123', status: 'queued' } : { code: 21211, message: "The 'To' number is not valid.", status: nextStatus }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeBase = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => { await new Promise((resolve) => fake.close(resolve)); });

describe('SMS outbox', () => {
  it('writes one JSON file per message with sender, number and text', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sms-outbox-'));
    const sms = createOutboxSms(dataDir, 'HungerStati');
    await sms.send({ to: '+966501234567', body: 'طلبك في الطريق' });
    await sms.send({ to: '+966501234568', body: 'Second' });
    const files = readdirSync(join(dataDir, SMS_OUTBOX_DIR));
    expect(files).toHaveLength(2);
    expect(files.every((name) => name.endsWith('.json') && !name.startsWith('.'))).toBe(true);
    const messages = files.map((name) => JSON.parse(readFileSync(join(dataDir, SMS_OUTBOX_DIR, name), 'utf8')) as SmsOutboxFile);
    expect(messages).toContainEqual(expect.objectContaining({ from: 'HungerStati', to: '+966501234567', body: 'طلبك في الطريق' }));
  });
});

describe('Twilio Messages API adapter', () => {
  const settings = () => ({ accountSid: 'AC0123456789abcdef', authToken: 's3cret', from: 'HungerStati', apiBase: fakeBase });

  it('posts To, From and Body form-encoded to the account’s Messages.json with basic auth', async () => {
    recorded.length = 0;
    nextStatus = 201;
    await createTwilioSms(settings()).send({ to: '+966501234567', body: 'Your order is on its way: http://localhost/tracking/1?t=a&b' });
    expect(recorded).toHaveLength(1);
    const [request] = recorded;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/2010-04-01/Accounts/AC0123456789abcdef/Messages.json');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('AC0123456789abcdef:s3cret').toString('base64')}`);
    const form = new URLSearchParams(request?.body);
    expect(Object.fromEntries(form)).toEqual({ To: '+966501234567', From: 'HungerStati', Body: 'Your order is on its way: http://localhost/tracking/1?t=a&b' });
  });

  it('throws on a refusal, with the provider’s code, so the job tries again', async () => {
    nextStatus = 400;
    await expect(createTwilioSms(settings()).send({ to: '+1', body: 'x' })).rejects.toEqual(new SmsProviderError(400, '21211'));
    nextStatus = 503;
    await expect(createTwilioSms(settings()).send({ to: '+966501234567', body: 'x' })).rejects.toBeInstanceOf(SmsProviderError);
    nextStatus = 201;
  });
});

describe('choosing the sender', () => {
  it('is the outbox by default and Twilio with SMS_PROVIDER=twilio', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sms-choose-'));
    await createSms(loadConfig({ DATA_DIR: dataDir })).send({ to: '+966501234567', body: 'outbox' });
    expect(readdirSync(join(dataDir, SMS_OUTBOX_DIR))).toHaveLength(1);
    recorded.length = 0;
    const twilio = loadConfig({ DATA_DIR: dataDir, SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_API_BASE: fakeBase, SMS_FROM: '+15005550006' });
    await createSms(twilio).send({ to: '+966501234567', body: 'twilio' });
    expect(new URLSearchParams(recorded[0]?.body).get('From')).toBe('+15005550006');
    expect(readdirSync(join(dataDir, SMS_OUTBOX_DIR))).toHaveLength(1);
  });

  it('refuses Twilio without credentials at start', () => {
    expect(() => loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'sms-bad-')), SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID/);
  });

  it("sends as the brand's name when SMS_FROM is unset (an alphanumeric id of at most 11 characters)", () => {
    expect(smsSender('HUNGER_STATION', null)).toBe('HungerStati');
    expect(smsSender('TALABAT', null)).toBe('talabat go');
    expect(smsSender('TALABAT', ' +15005550006 ')).toBe('+15005550006');
  });
});
