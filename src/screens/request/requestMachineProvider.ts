// The request screen's composition: each machine of the request flow given the adapters it needs
// (DESIGN.md "Machines take their effects as actors and actions supplied through machine.provide").
// Views never call these adapters; they send events and read snapshots.
import { fromPromise } from 'xstate';
import type { ApiClient, CardEncryptor, Clock, ConfirmPaymentIntentBody, Geolocator, GeolocatorSuggestions, KeyValueStorage, Navigator, PaymentIntent } from '../../../adapters/ports';
import { addGuestOrder, readGuestCredentials, writeGuestCredentials } from '../../../adapters/storage/guestStorage';
import { joinCustomerAddress } from '../../../domain';
import { GUEST_VENDOR_ID, type Order, type OrderRequestPayload, type Place, type ReverseGeocodeResult, type Vendor } from '../../../domain/types';
import {
  collectionPointFormMachine,
  destinationCheckMachine,
  paymentMachine,
  requestPrefillMachine,
  requestRiderMachine,
  signatureRetryMachine,
  type ConfirmIntentInput,
  type ConfirmIntentOutput,
  type CreateIntentInput,
  type CreateIntentOutput,
  type DiscountFeeInput,
  type EncryptCardInput,
  type FeeRequest,
  type AddressBookEntryInput,
  type OriginAddress,
  type OrderFees,
  type SaveCollectionPointOutput,
  type SavedCard,
  type SignedFee,
  type SubmitOrderInput,
  type ValidateVoucherOutput,
  type Wallet,
  voucherCheckMachine,
} from '../../../machines';
import type { ToastParams } from '../../../machines/toasts';
import type { CollectionPointForm } from '../../../domain/types';
import type { OrderTemplate } from '../../../domain/api';
import { createGooglePlacesGeolocator } from '../../../adapters/geolocator/googlePlaces';
import { addressSearchMachine, placeOfReverse, type AddressSearchInput } from '../../../machines/addressSearch';
import { outletBodyOf } from '../collection-point/outletBody';
import { vendorAddressBodyOf } from './vendorAddressBody';

/** The adapters the request screen uses, from the composition root's services. */
export interface RequestServices {
  api: ApiClient;
  storage: KeyValueStorage;
  clock: Clock;
  geolocator: Geolocator;
  /** Full-page navigation, for a payment challenge page. */
  navigator: Navigator;
  /** The second card provider's card encryption (TaiwanCardProvider); absent in tests that pay no card. */
  cardEncryptor?: CardEncryptor;
  /** The server's GOOGLE_MAPS_API_KEY (null when unset); absent means none, as in most tests. */
  googleMapsApiKey?: () => Promise<string | null>;
}

/** Effects that belong to the app around the screen: toasts and navigation. */
export interface RequestEffects {
  toast: (params: ToastParams) => void;
  /** SPEC §2: a successful order lands on /order-tracking?order_id=… */
  goToTracking: (target: { vendorId: string; orderId: string }) => void;
  /** Full-page navigation, for a payment challenge page. */
  redirect: (url: string) => void;
}

const feeBody = (request: FeeRequest) => ({
  source: request.source,
  destination: request.destination,
  vendor_id: request.vendorId,
  delivery_type: 'food' as const,
});

const areaBody = (request: FeeRequest) => ({
  location: { lat: request.destination.latitude, lng: request.destination.longitude },
  vendor_location: request.source,
  vendor_id: request.vendorId,
});

function computeFeeActor(api: ApiClient) {
  return fromPromise<SignedFee, FeeRequest>(async ({ input }) => api.computeFee(feeBody(input)));
}

async function validateVoucher(api: ApiClient, input: DiscountFeeInput): Promise<ValidateVoucherOutput> {
  const answer = await api.validateVoucher({
    code: input.code,
    order: { order_time: input.orderTime, delivery_fee: input.fee.fee, signature: input.fee.signature },
    vendor_id: input.vendorId,
  });
  return { voucher: answer.voucher, discountedFee: { fee: answer.delivery_fee, signature: answer.signature, expires_at: answer.expires_at } };
}

/** Renews an expired fee signature, and a voucher's discount with it (SPEC §4 signature handling). */
function signatureRetryActor(api: ApiClient, effects: Pick<RequestEffects, 'toast'>) {
  return signatureRetryMachine.provide({
    actors: {
      computeFee: computeFeeActor(api),
      discountFee: fromPromise<SignedFee, DiscountFeeInput>(async ({ input }) => (await validateVoucher(api, input)).discountedFee),
    },
    actions: { toast: (_, params) => effects.toast(params) },
  });
}

export function provideRequestRiderMachine(services: RequestServices, effects: RequestEffects, options: { isGuest: boolean }) {
  const { api, storage, clock } = services;
  return requestRiderMachine.provide({
    actors: {
      loadOrderToUpdate: fromPromise<Order, { vendorId: string; orderId: string }>(({ input }) => api.getOrder(input.vendorId, input.orderId)),
      requestPrefill: requestPrefillMachine.provide({
        actors: {
          loadOrderToRepeat: fromPromise<Order, { vendorId: string; orderId: string }>(({ input }) => api.getOrder(input.vendorId, input.orderId)),
          loadTemplate: fromPromise<OrderTemplate, { vendorId: string; templateId: string }>(async ({ input }) => {
            const found = (await api.listOrderTemplates(input.vendorId)).find((template) => template.id === input.templateId);
            if (!found) throw new Error('error.not-found');
            return found;
          }),
        },
      }),
      saveOriginAddress: fromPromise<void, { vendorId: string; origin: OriginAddress }>(async ({ input }) => {
        await api.updateVendorAddress(input.vendorId, vendorAddressBodyOf(input.origin));
      }),
      fetchServiceHours: fromPromise<string | null, { vendorId: string }>(async ({ input }) => {
        const setting = await api.getCountryParameter('serviceHours', input.vendorId);
        return setting.trim() === '' ? null : setting;
      }),
      destinationCheck: destinationCheckMachine.provide({
        actors: {
          validateDestination: fromPromise<{ deliverable: boolean }, FeeRequest>(async ({ input }) => ({
            deliverable: (await api.validateDeliveryArea(areaBody(input))) === 'DELIVERABLE',
          })),
          computeFee: computeFeeActor(api),
          fetchOrderItemValueLimit: fromPromise<number, { vendorId: string }>(async ({ input }) => {
            const limit = Number(await api.getCountryParameter('orderItemValueExceedLimit', input.vendorId));
            // SPEC §7: -1 when the parameter cannot be read.
            return Number.isFinite(limit) ? limit : -1;
          }),
        },
      }),
      voucherCheck: voucherCheckMachine.provide({
        actors: {
          validateVoucher: fromPromise<ValidateVoucherOutput, DiscountFeeInput>(({ input }) => validateVoucher(api, input)),
          signatureRetry: signatureRetryActor(api, effects),
        },
      }),
      submitOrder: fromPromise<{ orderId: string }, SubmitOrderInput>(async ({ input }) => {
        if (input.mode === 'update') {
          const order = await api.updateOrder(input.orderId, input.body);
          return { orderId: order.order_id };
        }
        const created = await api.createOrder(input.payload);
        return { orderId: created.order_id };
      }),
      saveAddressBookEntry: fromPromise<void, { vendorId: string; entry: AddressBookEntryInput }>(async ({ input }) => {
        await api.saveAddressBookEntry(input.vendorId, input.entry);
      }),
      signatureRetry: signatureRetryActor(api, effects),
    },
    actions: {
      toast: (_, params) => effects.toast(params),
      // The guest's origin is kept with the stored guest credentials, so the next order starts from it.
      storeGuestOrigin: (_, params) => {
        const credentials = readGuestCredentials(storage);
        if (!credentials || params.origin.latitude === null || params.origin.longitude === null) return;
        writeGuestCredentials(storage, {
          ...credentials,
          location: {
            latitude: params.origin.latitude,
            longitude: params.origin.longitude,
            address: joinCustomerAddress(params.origin.unit, params.origin.building, params.origin.streetAddress),
            notes: params.origin.notes,
          },
        });
      },
      navigateToTracking: (_, params) => {
        // SPEC §1: a guest's order history is kept on the device.
        if (options.isGuest) addGuestOrder(storage, { order_id: params.orderId, vendor_id: params.vendorId, created_at: clock.nowUnix() });
        effects.goToTracking(params);
      },
    },
  });
}

/** Online payment: the intent is created for the order as the request flow drafted it. */
export function providePaymentMachine(
  services: RequestServices,
  effects: RequestEffects,
  orderPayload: () => OrderRequestPayload,
  options: { isGuest: boolean; feeRenewed: (fees: OrderFees) => void },
) {
  const { api, storage, clock } = services;
  return paymentMachine.provide({
    actors: {
      authorizeWallet: fromPromise<Wallet, { vendorId: string }>(async ({ input }) => {
        const wallet = await api.authorizePaymentWallet(input.vendorId);
        return { walletId: wallet.wallet_id, accessToken: wallet.access_token, expiresIn: wallet.expires_in };
      }),
      createIntent: fromPromise<CreateIntentOutput, CreateIntentInput>(async ({ input }) => {
        const intent = await api.createPaymentIntent({
          wallet_id: input.wallet.walletId,
          bearer_token: input.wallet.accessToken,
          vendor_id: input.vendorId,
          // The payment machine's fees: renewed ones once a signature expired.
          order: {
            ...orderPayload(),
            delivery_fee: input.fees.fee.fee,
            signature: input.fees.fee.signature,
            discounted_delivery_fee: input.fees.discountedFee?.fee ?? null,
            discounted_delivery_fee_signature: input.fees.discountedFee?.signature ?? null,
          },
        });
        return { intentId: intent.intent_id, paymentMethods: intent.payment_methods, creditCards: savedCardsOf(intent), cardEncryptionKey: intent.card_encryption_key ?? null };
      }),
      confirmIntent: fromPromise<ConfirmIntentOutput, ConfirmIntentInput>(async ({ input }) => {
        const confirmed = await api.confirmPaymentIntent(confirmBodyOf(input, orderPayload()));
        return { orderId: confirmed.order_id, redirectUrl: confirmed.redirect_required?.redirectUrl ?? null };
      }),
      encryptCard: fromPromise<string, EncryptCardInput>(async ({ input }) => {
        if (!services.cardEncryptor) throw new Error('no card encryptor in this build');
        return services.cardEncryptor.encrypt(input.fields, input.key);
      }),
      signatureRetry: signatureRetryActor(api, effects),
    },
    actions: {
      toast: (_, params) => effects.toast(params),
      redirect: (_, params) => effects.redirect(params.url),
      feeRenewed: (_, params) => options.feeRenewed(params),
      paymentSucceeded: (_, params) => {
        if (options.isGuest) addGuestOrder(storage, { order_id: params.orderId, vendor_id: params.vendorId, created_at: clock.nowUnix() });
        effects.toast({ kind: 'success', message: 'Order pushed!', durationMs: 5000 });
        effects.goToTracking(params);
      },
    },
  });
}

export function provideCollectionPointFormMachine(
  services: RequestServices,
  effects: Pick<RequestEffects, 'toast'> & { collectionPointSaved: (saved: { vendorId: string; isNew: boolean }) => void },
  country: string,
) {
  const { api, geolocator } = services;
  return collectionPointFormMachine.provide({
    actors: {
      reverseGeocode: fromPromise<ReverseGeocodeResult, { latitude: number; longitude: number }>(async ({ input }) => {
        const found = await geolocator.reverse(input, country);
        if (!found) throw new Error('geolocator.error.reverse');
        return found;
      }),
      saveCollectionPoint: fromPromise<SaveCollectionPointOutput, { form: CollectionPointForm }>(async ({ input }) => {
        const body = outletBodyOf(input.form);
        const saved: Vendor = input.form.isEditMode ? await api.updateOutlet(input.form.vendorId, body) : await api.createOutlet(body);
        return { vendorId: saved.vendor_id };
      }),
    },
    actions: {
      toast: (_, params) => effects.toast(params),
      collectionPointSaved: (_, params) => effects.collectionPointSaved(params),
    },
  });
}

/** What the app knows, at each search, about the address-search provider to use. */
export interface AddressSearchOptions {
  /** The GoogleAutocomplete flag as the app evaluates it now (flags may arrive after the field). */
  googleAutocomplete: () => boolean;
}

/** Flag on without a key: said once per app (per RequestServices), not once per search. */
const warnedMissingGoogleKey = new WeakSet<RequestServices>();

/**
 * The geolocator for one address field. SPEC §6 GoogleAutocomplete: with the flag on AND a
 * GOOGLE_MAPS_API_KEY, place suggestions and details come from Google (one instance per field, so
 * its billing session is the field's); flag on without a key warns and keeps ours; flag off, ours.
 */
function addressFieldGeolocator(services: RequestServices, options: AddressSearchOptions): () => Promise<Geolocator> {
  let google: Geolocator | null = null;
  return async () => {
    if (!options.googleAutocomplete()) return services.geolocator;
    const apiKey = (await services.googleMapsApiKey?.()) ?? null;
    if (apiKey === null) {
      if (!warnedMissingGoogleKey.has(services)) {
        warnedMissingGoogleKey.add(services);
        console.warn('GoogleAutocomplete is on but the server has no GOOGLE_MAPS_API_KEY: address search stays on our geolocator.');
      }
      return services.geolocator;
    }
    google ??= createGooglePlacesGeolocator(services.api, { apiKey });
    return google;
  };
}

export function provideAddressSearchMachine(
  services: RequestServices,
  effects: Pick<RequestEffects, 'toast'>,
  options: AddressSearchOptions = { googleAutocomplete: () => false },
) {
  const geolocatorNow = addressFieldGeolocator(services, options);
  // Details come from whoever suggested the places, even if the flag changed in between.
  let suggestedBy: Geolocator = services.geolocator;
  return addressSearchMachine.provide({
    actors: {
      suggest: fromPromise<GeolocatorSuggestions, AddressSearchInput>(async ({ input }) => {
        const geolocator = await geolocatorNow();
        const suggestions = await geolocator.suggest({
          query: input.query,
          country: input.country,
          vendorId: input.vendorId,
          near: input.near,
          addressBookEnabled: input.addressBookEnabled,
        });
        suggestedBy = geolocator;
        return suggestions;
      }),
      reverse: fromPromise<Place, { latitude: number; longitude: number; country: string }>(async ({ input }) => {
        const found = await services.geolocator.reverse(input, input.country);
        if (!found) throw new Error('geolocator.error.reverse');
        return placeOfReverse(found);
      }),
      placeDetails: fromPromise<Place, { place: Place; country: string }>(async ({ input }) => {
        const found = await suggestedBy.placeDetails(input.place.address.id, input.country);
        if (!found) throw new Error('geolocator.error.fetch-place-details');
        return found;
      }),
    },
    actions: { toast: (_, params) => effects.toast(params) },
  });
}

/** POST /order/payment/intent/confirm (SPEC.md §7): the order's vendor, VAT number and time; a new
 * card encrypted by its provider when it was, else as typed (the sandbox provider); or the saved
 * card's id alone. */
function confirmBodyOf(input: ConfirmIntentInput, payload: OrderRequestPayload): ConfirmPaymentIntentBody {
  const body: ConfirmPaymentIntentBody = {
    order: { vendor_id: payload.vendor_id, vat_number: payload.vat_number ?? null, preordered_for: payload.preordered_for ?? null },
    bearer_token: input.accessToken,
    purchase_intent_id: input.intentId,
    payment_method: input.paymentMethod,
    payment_instrument_id: input.paymentInstrumentId,
  };
  const card = input.card;
  if (!card) return body;
  const newCard = card.data.encryptedCardData
    ? { encrypted_card: card.data.encryptedCardData }
    : {
        card: {
          number: card.data.cardNumber ?? '',
          expiry_month: Number(card.data.expiryMonth),
          expiry_year: Number(card.data.expiryYear),
          cvc: card.data.securityCode ?? '',
          holder_name: card.holderName,
        },
      };
  return { ...body, ...newCard, save_card: card.saveCard, holder_name: card.holderName };
}

/** The intent's saved cards, as the payment machine offers them. */
function savedCardsOf(intent: PaymentIntent): SavedCard[] {
  return (intent.saved_cards ?? []).map((card) => ({
    id: card.id,
    lastDigits: card.last4,
    scheme: card.scheme,
    expiryMonth: card.expiry_month,
    expiryYear: card.expiry_year,
    holderName: card.holder_name,
  }));
}

/** A guest's vendor: the placeholder the server builds from the guest's country (SPEC §3). */
export function provideGuestVendorLoader(services: RequestServices) {
  return fromPromise<Vendor, void>(() => services.api.getVendor(GUEST_VENDOR_ID));
}

/** SPEC §7 onlinePaymentActivated ('true' string); a failure shows error.payment.get-if-enabled and
 * leaves online payment off. */
export function provideOnlinePaymentCheck(services: RequestServices, effects: Pick<RequestEffects, 'toast'>) {
  return fromPromise<boolean, { vendorId: string }>(async ({ input }) => {
    try {
      return (await services.api.getCountryParameter('onlinePaymentActivated', input.vendorId)) === 'true';
    } catch {
      effects.toast({ kind: 'error', message: 'error.payment.get-if-enabled' });
      return false;
    }
  });
}
