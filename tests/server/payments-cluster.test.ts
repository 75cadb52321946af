// The sandbox payment provider across processes (issue 11): two child processes, each with its own
// provider on one database (the SQLite file, or PostgreSQL with TEST_DATABASE_URL), act as two server
// processes behind a load balancer. What one starts the other finishes, and money moves once.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompactEncrypt, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardInput, ChallengeOutcome, ConfirmIntentInput, ConfirmResult, IntentCreated, PaymentIntent, PaymentProvider, SavedCard, WalletAuthorization } from '../../server/payments/provider';
import { TEST_CARDS } from '../../server/payments/testCards';
import { backendNames, openBackend, type OpenBackend } from './payments-backends';
import type { ProviderCall, ProviderReply } from './payments-process';
import { paymentsProcessBundle } from './runBundle';

const VENDOR = 'vendor-sa-1';
const card = (number: string): CardInput => ({ number, expiry_month: 12, expiry_year: 2040, cvc: '737', holder_name: 'Noura Al Saud' });

/** A provider living in another process; calls answer its value or reject with the error code. */
interface RemoteProvider {
  call<M extends keyof PaymentProvider>(method: M, ...args: Parameters<PaymentProvider[M]>): Promise<Awaited<ReturnType<PaymentProvider[M]>>>;
  stop(): Promise<void>;
}

async function startProviderProcess(env: Record<string, string>): Promise<RemoteProvider> {
  // Bundled once per run (runBundle.ts): tsx would transform the payments modules again in every child.
  const child: ChildProcess = fork(await paymentsProcessBundle(), [], {
    execArgv: [],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`payments process exited with ${String(code)}`)));
    child.on('message', (reply: ProviderReply) => {
      if (reply.id === 0) return resolve();
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.ok) waiting?.resolve(reply.value);
      else waiting?.reject(new Error(reply.code));
    });
  });
  await ready;
  return {
    call: (method, ...args) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        child.send({ id, method, args } as ProviderCall);
      }),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

// The JSON-file store serves one process by design (server/payments/README.md); the databases are shared.
describe.each(backendNames().filter((name) => name !== 'file'))('two processes on one %s sandbox', (backendName) => {
  let dataDir: string;
  let backend: OpenBackend;
  let a: RemoteProvider;
  let b: RemoteProvider;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'payments-cluster-'));
    backend = await openBackend(backendName, dataDir); // migrates once, before either process starts
    [a, b] = await Promise.all([startProviderProcess(backend.env), startProviderProcess(backend.env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await backend?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function intentThroughA(): Promise<{ wallet: WalletAuthorization; intent: IntentCreated; confirm: (extra?: Partial<ConfirmIntentInput>) => ConfirmIntentInput }> {
    const wallet = await a.call('authorizeWallet', VENDOR);
    const intent = await a.call('createIntent', { wallet_id: wallet.wallet_id, access_token: wallet.access_token, vendor_id: VENDOR, amount: 23.5, currency: 'SAR' });
    const confirm = (extra: Partial<ConfirmIntentInput> = {}): ConfirmIntentInput => ({
      intent_id: intent.intent_id, access_token: wallet.access_token, payment_method: 'generic_creditcard',
      payment_instrument_id: 'NEW', save_card: false, return_url: '/order-tracking', ...extra,
    });
    return { wallet, intent, confirm };
  }

  it('confirms through B an intent created through A, with a card encrypted with the key A published', async () => {
    const { intent, confirm } = await intentThroughA();
    const key = await importJWK(await a.call('cardEncryptionKey'), 'RSA-OAEP-256');
    const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(card(TEST_CARDS.succeeds))))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
      .encrypt(key);
    const result: ConfirmResult = await b.call('confirmIntent', confirm({ encrypted_card: jwe }));
    expect(result).toEqual({ status: 'captured' });
    const seenByA: PaymentIntent | null = await a.call('getIntent', intent.intent_id);
    expect(seenByA).toMatchObject({ status: 'captured', card: { last4: '1111' } });
  });

  it('finishes through A a challenge started through B, and both see the saved card', async () => {
    const { intent, confirm } = await intentThroughA();
    const started = await b.call('confirmIntent', confirm({ card: card(TEST_CARDS.demandsChallenge), save_card: true }));
    expect(started).toMatchObject({ status: 'challenge' });
    const done: ChallengeOutcome = await a.call('completeChallenge', intent.intent_id, 'approve');
    expect(done).toMatchObject({ status: 'captured', return_url: '/order-tracking' });
    const onB: SavedCard[] = await b.call('listSavedCards', VENDOR);
    expect(onB.map((saved) => saved.last4)).toContain('3220');
    // The saved card, chosen through B on an intent of A, pays (and challenges again, as that card does).
    const next = await intentThroughA();
    const savedId = onB.find((saved) => saved.last4 === '3220')?.id ?? '';
    expect(await b.call('confirmIntent', next.confirm({ payment_instrument_id: savedId }))).toMatchObject({ status: 'challenge' });
  });

  it('captures once when both processes confirm the same intent at the same time', async () => {
    const { intent, confirm } = await intentThroughA();
    const input = confirm({ card: card(TEST_CARDS.succeeds) });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).call('confirmIntent', input)));
    expect(results).toEqual(Array.from({ length: 10 }, () => ({ status: 'captured' })));
    const captures = (await backend.ledger()).filter((entry) => entry.intent_id === intent.intent_id && entry.kind === 'capture');
    expect(captures).toHaveLength(1);
    // Refund through B, cancel through A: the state each sees is the one the other wrote.
    expect(await b.call('refund', intent.intent_id)).toMatchObject({ status: 'refunded' });
    await expect(a.call('cancel', intent.intent_id)).rejects.toThrow('already_captured');
  });
});
