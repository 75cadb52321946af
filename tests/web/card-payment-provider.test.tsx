// @vitest-environment jsdom
// The card form's two card providers (TaiwanCardProvider) over the real request and payment machines:
// off, the card goes to the confirm call as typed (the sandbox provider); on, it is encrypted on this
// device and only the encryption leaves, the payer is told so, and paying never sends an earlier card.
// The encryptor is a double here (jose's WebCrypto does not run in jsdom); tests/adapters/
// cardEncryptor.test.ts and tests/e2e/taiwan-card-provider.e2e.ts use the real one.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryMapPort } from '../../adapters/map/memoryMapPort';
import type { ApiClient, CardEncryptionKey, CardEncryptor, ConfirmPaymentIntentBody, PaymentCardFields } from '../../adapters/ports';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import { StaticFlags } from '../../src/app/flags/StaticFlags';
import { NO_VENDORS, VendorsContext } from '../../src/app/vendors/VendorsContext';
import { MapPortProvider } from '../../src/components/map/MapPortContext';
import { ToastViewport } from '../../src/components/toast/ToastViewport';
import { RequestFlowView } from '../../src/screens/request/RequestFlowView';
import { RequestServicesContext } from '../../src/screens/request/RequestServicesContext';
import type { RequestServices } from '../../src/screens/request/requestMachineProvider';
import { PARENT_VENDOR } from '../../stories/support/demoVendors';
import { Providers } from './renderApp';

afterEach(cleanup);

const NOW = 1_795_000_000;
const KEY: CardEncryptionKey = { kty: 'RSA', n: 'sandbox-modulus', e: 'AQAB', alg: 'RSA-OAEP-256', use: 'enc', kid: 'k1' };
const NOTE = 'Your card details are encrypted on this device before they are sent.';
const VENDOR = { ...PARENT_VENDOR, flags: { payment_methods: ['ONLINE_PAYMENT' as const] } };

/** An encryptor whose answers the test releases, in any order. */
function controlledEncryptor() {
  const pending: { card: PaymentCardFields; key: CardEncryptionKey; answer: (jwe: string) => void; fail: (error: Error) => void }[] = [];
  const encryptor: CardEncryptor = {
    encrypt: (card, key) => new Promise((answer, fail) => pending.push({ card, key, answer, fail })),
  };
  return { encryptor, pending };
}

function renderCardPayment(options: { taiwan: boolean; encryptor?: CardEncryptor; key?: CardEncryptionKey | null }) {
  const confirmed: ConfirmPaymentIntentBody[] = [];
  const calls: Partial<ApiClient> = {
    getCountryParameter: async (name) => (name === 'orderItemValueExceedLimit' ? '-1' : ''),
    validateDeliveryArea: async () => 'DELIVERABLE',
    computeFee: async () => ({ fee: 12.5, signature: 'signed-fee', expires_at: NOW + 300 }),
    authorizePaymentWallet: async () => ({ wallet_id: 'w1', access_token: 'wallet-token', expires_in: 3600 }),
    createPaymentIntent: async () => ({
      intent_id: 'pi_1',
      payment_methods: ['generic_creditcard'],
      ...(options.key === null ? {} : { card_encryption_key: options.key ?? KEY }),
    }),
    confirmPaymentIntent: async (body) => {
      confirmed.push(body);
      return { order_id: 'sa-1000-0009' };
    },
  };
  const services: RequestServices = {
    api: new Proxy(calls, {
      get: (target, name: string) => (target as Record<string, unknown>)[name] ?? (() => { throw new Error(`unexpected call ${name}`); }),
    }) as ApiClient,
    storage: createMemoryStorage(),
    clock: { nowUnix: () => NOW },
    geolocator: {
      suggest: async () => ({ addressBook: [], places: [{ address: { id: 'p1', formatted_address: 'Olaya Street, Al Olaya, Riyadh', latitude: 24.69, longitude: 46.68 } }], reversed: [] }),
      placeDetails: async () => null,
      reverse: async () => null,
    },
    navigator: { assign: vi.fn() },
    cardEncryptor: options.encryptor,
  };
  const goToTracking = vi.fn();
  const tree = (taiwan: boolean) => (
    <Providers>
      <StaticFlags flags={{ TaiwanCardProvider: taiwan }}>
        <VendorsContext.Provider value={{ ...NO_VENDORS, vendors: [VENDOR], selected: VENDOR }}>
          <RequestServicesContext.Provider value={services}>
            <MapPortProvider port={createMemoryMapPort()}>
              <RequestFlowView vendor={VENDOR} isGuest={false} orderId={null} onlinePaymentActivated goToTracking={goToTracking} />
              <ToastViewport />
            </MapPortProvider>
          </RequestServicesContext.Provider>
        </VendorsContext.Provider>
      </StaticFlags>
    </Providers>
  );
  const view = render(tree(options.taiwan));
  /** The flag answering differently while the form is open. */
  const flipFlag = (taiwan: boolean) => view.rerender(tree(taiwan));
  return { confirmed, goToTracking, flipFlag };
}

/** Drop-off, customer and the online payment method: the card form shows. */
async function reachCardForm() {
  const address = await screen.findByRole('combobox', { name: 'Customer address' });
  fireEvent.change(address, { target: { value: 'Olaya' } });
  fireEvent.focus(address);
  fireEvent.mouseDown(await screen.findByRole('option', { name: /Olaya Street/ }, { timeout: 2000 }));
  await waitFor(() => expect(screen.getByTestId('delivery-fee').textContent).toMatch(/12\.50/), { timeout: 2000 });
  fireEvent.change(screen.getByLabelText('Customer name'), { target: { value: 'Sara Ali' } });
  fireEvent.change(screen.getByLabelText('Customer phone'), { target: { value: '0501234567' } });
  fireEvent.change(screen.getByLabelText('Order amount (SAR)'), { target: { value: '80' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
  const online = screen.queryByRole('radio', { name: /Online payment/ });
  if (online) fireEvent.click(online);
  await screen.findByLabelText('Name on card');
}

function typeCard(number: string, name = 'Mei-Ling Chen') {
  fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '12/30' } });
  fireEvent.change(screen.getByLabelText('CVV/CVC'), { target: { value: '123' } });
}

/** Lets the answers already given reach the form. */
const settle = () => act(async () => {});

const payButton = () => screen.getByRole('button', { name: 'Pay and place order' }) as HTMLButtonElement;

describe('card form without TaiwanCardProvider', () => {
  it('sends the card as typed to the confirm call and never encrypts', async () => {
    const { encryptor, pending } = controlledEncryptor();
    const { confirmed, goToTracking } = renderCardPayment({ taiwan: false, encryptor });
    await reachCardForm();
    expect(screen.queryByText(NOTE)).toBeNull();
    typeCard('4111 1111 1111 1111');
    fireEvent.click(payButton());
    await waitFor(() => expect(goToTracking).toHaveBeenCalledWith({ vendorId: 'sa-1000', orderId: 'sa-1000-0009' }));
    expect(confirmed[0]).toMatchObject({ card: { number: '4111111111111111', expiry_month: 12, expiry_year: 2030, cvc: '123', holder_name: 'Mei-Ling Chen' } });
    expect(confirmed[0]?.encrypted_card).toBeUndefined();
    expect(pending).toHaveLength(0);
  });
});

describe('card form with TaiwanCardProvider', () => {
  it('says the card is encrypted here, encrypts it with the intent key and sends only the encryption', async () => {
    const { encryptor, pending } = controlledEncryptor();
    const { confirmed, goToTracking } = renderCardPayment({ taiwan: true, encryptor });
    await reachCardForm();
    expect(screen.getByText(NOTE)).toBeTruthy();
    typeCard('4111 1111 1111 1111');
    // Only a complete, valid card is encrypted: the last change (the CVC) made it so.
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(pending[0]).toMatchObject({
      key: KEY,
      card: { number: '4111111111111111', expiry_month: 12, expiry_year: 2030, cvc: '123', holder_name: 'Mei-Ling Chen' },
    });
    pending[0]!.answer('sealed-card-1');
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fireEvent.click(payButton());
    await waitFor(() => expect(goToTracking).toHaveBeenCalled());
    expect(confirmed[0]).toMatchObject({ payment_instrument_id: 'NEW', encrypted_card: 'sealed-card-1', holder_name: 'Mei-Ling Chen' });
    expect(confirmed[0]?.card).toBeUndefined();
    const body = JSON.stringify(confirmed[0]);
    for (const clear of ['4111111111111111', '4111 1111', '"123"']) expect(body).not.toContain(clear);
  });

  it('keeps paying off while the latest change encrypts, and drops an encryption a newer change overtook', async () => {
    const { encryptor, pending } = controlledEncryptor();
    const { confirmed } = renderCardPayment({ taiwan: true, encryptor });
    await reachCardForm();
    typeCard('4111 1111 1111 1111');
    await waitFor(() => expect(pending).toHaveLength(1));
    // A new card number while the first one is still encrypting.
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '5555 5555 5555 4444' } });
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(pending[1]!.card.number).toBe('5555555555554444');
    expect(payButton().disabled).toBe(true);
    fireEvent.submit(payButton().form!);

    pending[1]!.answer('sealed-mastercard');
    await waitFor(() => expect(payButton().disabled).toBe(false));
    // The first card's encryption answers last and is dropped.
    pending[0]!.answer('sealed-visa');
    await settle();
    fireEvent.click(payButton());
    await waitFor(() => expect(confirmed).toHaveLength(1));
    expect(confirmed[0]?.encrypted_card).toBe('sealed-mastercard');
  });

  it('encrypts the card again when the name on it changes', async () => {
    const { encryptor, pending } = controlledEncryptor();
    const { confirmed } = renderCardPayment({ taiwan: true, encryptor });
    await reachCardForm();
    typeCard('4111 1111 1111 1111', 'Mei Chen');
    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0]!.answer('sealed-old-name');
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Mei-Ling Chen' } });
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(pending[1]!.card.holder_name).toBe('Mei-Ling Chen');
    expect(payButton().disabled).toBe(true);
    pending[1]!.answer('sealed-new-name');
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fireEvent.click(payButton());
    await waitFor(() => expect(confirmed).toHaveLength(1));
    expect(confirmed[0]).toMatchObject({ encrypted_card: 'sealed-new-name', holder_name: 'Mei-Ling Chen' });
  });

  it('encrypts a card typed before the flag turned on, and sends it only encrypted', async () => {
    const { encryptor, pending } = controlledEncryptor();
    const { confirmed, flipFlag } = renderCardPayment({ taiwan: false, encryptor });
    await reachCardForm();
    typeCard('4111 1111 1111 1111');
    await waitFor(() => expect(payButton().disabled).toBe(false));
    flipFlag(true);
    await screen.findByText(NOTE);
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(payButton().disabled).toBe(true);
    pending[0]!.answer('sealed-after-flip');
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fireEvent.click(payButton());
    await waitFor(() => expect(confirmed).toHaveLength(1));
    expect(confirmed[0]?.encrypted_card).toBe('sealed-after-flip');
    expect(confirmed[0]?.card).toBeUndefined();
  });

  it('says so and cannot pay when the card cannot be encrypted (no key from the provider)', async () => {
    const { encryptor, pending } = controlledEncryptor();
    renderCardPayment({ taiwan: true, encryptor, key: null });
    await reachCardForm();
    typeCard('4111 1111 1111 1111');
    expect(await screen.findByText('Your card could not be encrypted. Reload the page and try again.')).toBeTruthy();
    expect(pending).toHaveLength(0);
    expect(payButton().disabled).toBe(true);
  });
});
