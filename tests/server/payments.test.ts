// The sandbox payment provider (server/payments): test cards, challenge, idempotent capture, saved
// cards without card numbers, refunds and cancels, persistence. Unit level, no HTTP. Every behaviour
// runs on each state backend: the JSON file, SQLite and (with TEST_DATABASE_URL) PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CompactEncrypt, importJWK } from 'jose';
import { cardSchemeOf, checkCard, isLuhnValid } from '../../server/payments/cardChecks';
import { CHALLENGE_PATH_PREFIX, parseChallengeOutcome, renderChallengePage } from '../../server/payments/challengePage';
import { PaymentProviderError } from '../../server/payments/errors';
import type { CardInput, ConfirmIntentInput, PaymentProvider } from '../../server/payments/provider';
import { TEST_CARDS } from '../../server/payments/testCards';
import { backendNames, openBackend, type OpenBackend } from './payments-backends';

const NOW = Date.UTC(2026, 10, 21, 12) / 1000;
const VENDOR = 'vendor-sa-1';
let clock: number;
let provider: PaymentProvider;
const card = (number: string, extra: Partial<CardInput> = {}): CardInput => ({
  number,
  expiry_month: 12,
  expiry_year: 2030,
  cvc: '737',
  holder_name: 'Noura Al Saud',
  ...extra,
});

async function newIntent(p: PaymentProvider = provider, vendorId = VENDOR) {
  const wallet = await p.authorizeWallet(vendorId);
  const intent = await p.createIntent({
    wallet_id: wallet.wallet_id,
    access_token: wallet.access_token,
    vendor_id: vendorId,
    amount: 23.5,
    currency: 'SAR',
  });
  const confirmInput = (extra: Partial<ConfirmIntentInput> = {}): ConfirmIntentInput => ({
    intent_id: intent.intent_id,
    access_token: wallet.access_token,
    payment_method: 'generic_creditcard',
    payment_instrument_id: 'NEW',
    card: card(TEST_CARDS.succeeds),
    save_card: false,
    return_url: '/order-tracking?intent=1',
    ...extra,
  });
  return { wallet, intent, confirmInput };
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof PaymentProviderError ? error.code : error),
  );

describe.each(backendNames())('sandbox state in %s', (backendName) => {
  let dataDir: string;
  let backend: OpenBackend;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'payments-'));
    clock = NOW;
    backend = await openBackend(backendName, dataDir);
    provider = backend.provider({ now: () => clock });
  });
  afterEach(async () => {
    await backend.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('wallet and intent', () => {
    it('authorizes a wallet and offers the card methods', async () => {
      const { wallet, intent } = await newIntent();
      expect(wallet.expires_in).toBe(3600);
      expect(intent.payment_methods).toEqual(['cybersource_creditcard', 'generic_creditcard']);
      expect(intent.saved_cards).toEqual([]);
      expect(await provider.getIntent(intent.intent_id)).toMatchObject({ status: 'created', amount: 23.5, currency: 'SAR' });
    });

    it('refuses a wrong, expired or foreign access token', async () => {
      const { wallet, confirmInput } = await newIntent();
      expect(await rejection(provider.confirmIntent(confirmInput({ access_token: 'nope' })))).toBe('invalid_token');
      const other = await provider.authorizeWallet('vendor-other');
      const foreign = { wallet_id: wallet.wallet_id, access_token: other.access_token, vendor_id: VENDOR, amount: 1, currency: 'SAR' };
      expect(await rejection(provider.createIntent(foreign))).toBe('invalid_token');
      clock += 3601;
      expect(await rejection(provider.confirmIntent(confirmInput()))).toBe('invalid_token');
    });

    it('refuses a bad amount or currency', async () => {
      const wallet = await provider.authorizeWallet(VENDOR);
      const base = { wallet_id: wallet.wallet_id, access_token: wallet.access_token, vendor_id: VENDOR };
      expect(await rejection(provider.createIntent({ ...base, amount: 0, currency: 'SAR' }))).toBe('invalid_amount');
      expect(await rejection(provider.createIntent({ ...base, amount: 5, currency: 'sar' }))).toBe('invalid_currency');
    });
  });

  describe('test cards', () => {
    it('4111 1111 1111 1111 succeeds', async () => {
      const { intent, confirmInput } = await newIntent();
      expect(await provider.confirmIntent(confirmInput({ card: card('4111 1111 1111 1111') }))).toEqual({ status: 'captured' });
      expect(await provider.getIntent(intent.intent_id)).toMatchObject({
        status: 'captured',
        card: { scheme: 'visa', last4: '1111', expiry_month: 12, expiry_year: 2030 },
      });
    });

    it('4000 0000 0000 0002 declines, and the intent can be retried with another card', async () => {
      const { intent, confirmInput } = await newIntent();
      expect(await provider.confirmIntent(confirmInput({ card: card(TEST_CARDS.declines) }))).toEqual({
        status: 'declined',
        reason: 'card_declined',
      });
      expect((await provider.getIntent(intent.intent_id))?.status).toBe('declined');
      expect(await provider.confirmIntent(confirmInput())).toEqual({ status: 'captured' });
    });

    it.each([
      ['a number failing Luhn', card('4111111111111112'), 'invalid_card_number'],
      ['an expired card', card(TEST_CARDS.succeeds, { expiry_month: 10, expiry_year: 2026 }), 'card_expired'],
      ['a short CVC', card(TEST_CARDS.succeeds, { cvc: '12' }), 'invalid_cvc'],
    ])('declines %s', async (_label, badCard, reason) => {
      const { confirmInput } = await newIntent();
      expect(await provider.confirmIntent(confirmInput({ card: badCard }))).toEqual({ status: 'declined', reason });
    });

    it('refuses a confirm without a card, with an unknown method or with a foreign return URL', async () => {
      const { confirmInput } = await newIntent();
      expect(await rejection(provider.confirmIntent(confirmInput({ card: undefined })))).toBe('card_required');
      expect(await rejection(provider.confirmIntent(confirmInput({ payment_method: 'bitcoin' })))).toBe('invalid_payment_method');
      for (const url of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)']) {
        expect(await rejection(provider.confirmIntent(confirmInput({ return_url: url })))).toBe('invalid_return_url');
      }
    });

    it('accepts the card as a JWE made with the published key', async () => {
      const { confirmInput } = await newIntent();
      const jwk = await provider.cardEncryptionKey();
      const key = await importJWK(jwk, 'RSA-OAEP-256');
      const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(card(TEST_CARDS.succeeds))))
        .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
        .encrypt(key);
      expect(await provider.confirmIntent(confirmInput({ card: undefined, encrypted_card: jwe }))).toEqual({ status: 'captured' });
      const another = await newIntent();
      expect(await rejection(provider.confirmIntent(another.confirmInput({ card: undefined, encrypted_card: 'x.y.z' })))).toBe(
        'invalid_encrypted_card',
      );
    });
  });

  describe('challenge (4000 0000 0000 3220)', () => {
    it('redirects to the challenge page; Approve captures once', async () => {
      const { intent, confirmInput } = await newIntent();
      const result = await provider.confirmIntent(confirmInput({ card: card(TEST_CARDS.demandsChallenge) }));
      expect(result).toEqual({ status: 'challenge', redirect_url: `${CHALLENGE_PATH_PREFIX}/${intent.intent_id}` });
      expect((await provider.getIntent(intent.intent_id))?.status).toBe('challenge');
      const done = await provider.completeChallenge(intent.intent_id, 'approve');
      expect(done).toMatchObject({ status: 'captured', return_url: '/order-tracking?intent=1', intent: { status: 'captured' } });
      expect(await provider.completeChallenge(intent.intent_id, 'approve')).toMatchObject({ status: 'captured' });
      expect((await backend.ledger()).filter((entry) => entry.kind === 'capture')).toHaveLength(1);
    });

    it('Reject declines the intent', async () => {
      const { intent, confirmInput } = await newIntent();
      await provider.confirmIntent(confirmInput({ card: card(TEST_CARDS.demandsChallenge) }));
      expect(await provider.completeChallenge(intent.intent_id, 'reject')).toMatchObject({ status: 'declined' });
      expect(await provider.getIntent(intent.intent_id)).toMatchObject({ status: 'declined', decline_reason: 'challenge_rejected' });
      expect(await backend.ledger()).toEqual([]);
    });

    it('uses an absolute redirect URL when the public origin is known', async () => {
      const withOrigin = backend.provider({ publicOrigin: 'https://portal.example/', now: () => clock });
      const { intent, confirmInput } = await newIntent(withOrigin);
      const result = await withOrigin.confirmIntent(
        confirmInput({ card: card(TEST_CARDS.demandsChallenge), return_url: 'https://portal.example/order-tracking' }),
      );
      expect(result).toEqual({ status: 'challenge', redirect_url: `https://portal.example/payments-sandbox/challenge/${intent.intent_id}` });
    });

    it('renders a page whose buttons post the outcome to the challenge path', () => {
      const html = renderChallengePage({
        intent_id: 'pi_<x>',
        amount: 23.5,
        currency: 'SAR',
        card: { scheme: 'visa', last4: '3220', expiry_month: 1, expiry_year: 2030, holder_name: 'N' },
      });
      expect(html).toContain('action="/payments-sandbox/challenge/pi_%3Cx%3E"');
      expect(html).toContain('name="outcome" value="approve"');
      expect(html).toContain('name="outcome" value="reject"');
      expect(html).toContain('SAR');
      expect(html).not.toContain('<x>');
      expect(parseChallengeOutcome('outcome=approve')).toBe('approve');
      expect(parseChallengeOutcome({ outcome: 'reject' })).toBe('reject');
      expect(parseChallengeOutcome({ outcome: 'maybe' })).toBeNull();
    });
  });

  describe('idempotent capture', () => {
    it('confirming twice, one after the other or at once, captures once', async () => {
      const first = await newIntent();
      expect(await provider.confirmIntent(first.confirmInput())).toEqual({ status: 'captured' });
      expect(await provider.confirmIntent(first.confirmInput())).toEqual({ status: 'captured' });
      const second = await newIntent();
      const results = await Promise.all([1, 2, 3].map(() => provider.confirmIntent(second.confirmInput())));
      expect(results).toEqual([{ status: 'captured' }, { status: 'captured' }, { status: 'captured' }]);
      const ledger = await backend.ledger();
      const captures = (intentId: string) =>
        ledger.filter((entry) => entry.kind === 'capture' && entry.intent_id === intentId);
      expect(captures(first.intent.intent_id)).toHaveLength(1);
      expect(captures(second.intent.intent_id)).toHaveLength(1);
    });

    it('refuses cancel after capture; refunds once', async () => {
      const { intent, confirmInput } = await newIntent();
      await provider.confirmIntent(confirmInput());
      expect(await rejection(provider.cancel(intent.intent_id))).toBe('already_captured');
      expect((await provider.refund(intent.intent_id)).status).toBe('refunded');
      expect((await provider.refund(intent.intent_id)).status).toBe('refunded');
      expect(await rejection(provider.confirmIntent(confirmInput()))).toBe('invalid_state');
      expect((await backend.ledger()).map((entry) => entry.kind)).toEqual(['capture', 'refund']);
    });

    it('cancels an open intent, which then cannot be confirmed or refunded', async () => {
      const { intent, confirmInput } = await newIntent();
      expect((await provider.cancel(intent.intent_id)).status).toBe('cancelled');
      expect((await provider.cancel(intent.intent_id)).status).toBe('cancelled');
      expect(await rejection(provider.confirmIntent(confirmInput()))).toBe('invalid_state');
      expect(await rejection(provider.refund(intent.intent_id))).toBe('not_captured');
      expect(await rejection(provider.cancel('pi_missing'))).toBe('intent_not_found');
    });
  });

  describe('saved cards', () => {
    it('keeps last4, scheme and expiry under a random token, never the number, CVC or access token', async () => {
      const { wallet, confirmInput } = await newIntent();
      await provider.confirmIntent(confirmInput({ card: card('5555 5555 5555 4444', { cvc: '919' }), save_card: true }));
      const saved = await provider.listSavedCards(VENDOR);
      expect(saved).toEqual([
        { id: expect.stringMatching(/^card_[0-9a-f]{24}$/), scheme: 'mastercard', last4: '4444', expiry_month: 12, expiry_year: 2030, holder_name: 'Noura Al Saud' },
      ]);
      const text = await backend.atRest();
      expect(text).toContain('4444');
      expect(text).not.toMatch(/5555\s*5555/);
      expect(text).not.toContain('555555');
      expect(text).not.toMatch(/"(cvc|cvv|number|pan)"/i);
      expect(text).not.toContain(wallet.access_token);
      expect(await provider.listSavedCards('vendor-other')).toEqual([]);
    });

    it('pays with a saved card, and offers it on the next intent', async () => {
      const first = await newIntent();
      await provider.confirmIntent(first.confirmInput({ save_card: true }));
      const second = await newIntent();
      const [savedCard] = second.intent.saved_cards;
      expect(savedCard?.last4).toBe('1111');
      const result = await provider.confirmIntent(
        second.confirmInput({ card: undefined, payment_instrument_id: savedCard!.id }),
      );
      expect(result).toEqual({ status: 'captured' });
      expect(await provider.listSavedCards(VENDOR)).toHaveLength(1); // not saved twice
      expect(await rejection(provider.confirmIntent((await newIntent()).confirmInput({ payment_instrument_id: 'card_x' })))).toBe(
        'invalid_instrument',
      );
    });

    it('saves a challenge card only once approved, and survives a restart', async () => {
      const { intent, confirmInput } = await newIntent();
      await provider.confirmIntent(confirmInput({ card: card(TEST_CARDS.demandsChallenge), save_card: true }));
      expect(await provider.listSavedCards(VENDOR)).toEqual([]);
      await provider.completeChallenge(intent.intent_id, 'approve');
      const restarted = backend.provider({ now: () => clock });
      expect((await restarted.listSavedCards(VENDOR)).map((c) => c.last4)).toEqual(['3220']);
      expect((await restarted.getIntent(intent.intent_id))?.status).toBe('captured');
    });
  });
});

describe('card checks', () => {
  it.each([
    ['4111111111111111', true],
    ['4111 1111 1111 1111', true],
    ['4111-1111-1111-1111', true],
    ['4111111111111112', false],
    [TEST_CARDS.declines, true],
    [TEST_CARDS.demandsChallenge, true],
    ['378282246310005', true],
    ['5555555555554444', true],
    ['0000000000', false],
    ['4111a11111111111', false],
    ['', false],
  ])('Luhn(%s) is %s', (number, valid) => {
    expect(isLuhnValid(number)).toBe(valid);
  });

  it.each([
    ['4111111111111111', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3530111333300000', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['9999999999999995', 'unknown'],
  ])('scheme of %s is %s', (number, scheme) => {
    expect(cardSchemeOf(number)).toBe(scheme);
  });

  it('treats a card as valid through the last day of its expiry month', () => {
    const lastSecondOfDecember = Date.UTC(2027, 0, 1) / 1000 - 1;
    expect(checkCard(card(TEST_CARDS.succeeds, { expiry_month: 12, expiry_year: 26 }), lastSecondOfDecember - 365 * 86400).ok).toBe(true);
    expect(checkCard(card(TEST_CARDS.succeeds, { expiry_month: 12, expiry_year: 2026 }), lastSecondOfDecember).ok).toBe(true);
    expect(checkCard(card(TEST_CARDS.succeeds, { expiry_month: 12, expiry_year: 2026 }), lastSecondOfDecember + 1)).toEqual({
      ok: false,
      reason: 'card_expired',
    });
    expect(checkCard(card(TEST_CARDS.succeeds, { expiry_month: 13 }), NOW)).toEqual({ ok: false, reason: 'card_expired' });
    expect(checkCard(card('378282246310005', { cvc: '123' }), NOW)).toEqual({ ok: false, reason: 'invalid_cvc' });
    expect(checkCard(card('378282246310005', { cvc: '1234' }), NOW).ok).toBe(true);
  });
});
