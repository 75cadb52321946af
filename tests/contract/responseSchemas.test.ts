// A response schema is also a filter: Fastify serialises an answer through it (fast-json-stringify)
// and drops every property it does not declare. So each answer schema of domain/api is fed here a
// sample with every field set (typed `Required<…>`, so a field added to the type without a sample
// value fails to compile), through a real Fastify route, and must come out unchanged.
import Fastify from 'fastify';
import type { TSchema } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Body, BulkJob, BulkJobList, BulkUploadResult, ConfirmedPayment, CountryParameterSet, CreatedPaymentIntent, FlagSet, GodroidToken, DataList, ExportEmailed, PaymentWallet, FlagsAnswer, HelpCentreWidget, Order, OrderPage, Place, PublicTrackingView, Receipt, Result, ReverseGeocodeResult, Rider, Vendor, VendorList,
} from '../../domain/api';
import { errorAnswers } from '../../server/http/openapi';
import type { BulkJobRow } from '../../domain/api';

const rider: Required<Rider> = {
  name: 'Faisal', phone: '+966500000001', latitude: 24.7, longitude: 46.6, eta_to_vendor_min: 3, eta_to_customer_min: 17, updated_at: 1_767_000_100,
};

const fullOrder: Required<Order> = {
  order_id: 'sa-1001-0123456789abcdef0123', vendor_id: 'sa-1001', created_at: 1_767_000_000, updated_at: 1_767_000_600,
  status: 'DELIVERED',
  status_history: [{ status: 'NEW', created_at: 1_767_000_000 }, { status: 'DELIVERED', created_at: 1_767_000_600 }],
  preordered_for: 1_767_003_600,
  customer: { name: 'Sara', phone_number: '+966501234567', location: { latitude: 24.66, longitude: 46.73, address: '12, Tower A, Riyadh', notes: 'Ring twice' }, email_address: 'sara@example.com', language: 'ar-SA' },
  order: { amount: 120, description: 'Two cakes', payment_method: 'PAY_AT_PICKUP', tag_id: 'TAG-42' },
  outlet_name: 'Olaya', unit_number: '12', building: 'Tower A', delivery_fee: 15, discount: 1.5, total_amount: 133.5, currency: 'SAR',
  estimated_pickup_min: 10, estimated_delivery_min: 25, rider, cancel_reason: 'Customer changed their mind', cancelled_by: 'vendor',
  proofs: { pickup: 'data:image/png;base64,AA', delivery: 'data:image/png;base64,BB', return: null },
  tracking_token: 'token', pickup: { latitude: 24.69, longitude: 46.68, address: 'Olaya Street', notes: 'Gate 2' },
  sender_name: 'Noura', voucher: { code: 'WELCOME10', amount: 10, type: 'PERCENT', expires_at: null }, payment_intent_id: 'pi_1',
};

const vendor: Required<Vendor> = {
  vendor_id: 'sa-1001', parent_vendor_id: 'sa-1000', client_vendor_id: 'OLAYA-1', is_parent: false, is_active: true, is_registered: true, name: 'Olaya',
  vendor_information: {
    name: 'Olaya Bakery', currency: 'SAR', owners: ['vendor@example.com'], contact: { phone: '+966112345678' },
    location: {
      address_text: 'Olaya Street', building: 'B1', city: 'Riyadh', country_code: 'SA', latitude: 24.69, longitude: 46.68,
      postal_code: '12211', street: 'Olaya Street', street_number: '12', unit: '4', rider_instructions: 'Gate 2',
    },
  },
  flags: { payment_methods: ['CASH_ON_DELIVERY', 'ONLINE_PAYMENT'] }, estimation_pick_up_time: 15, vendor_code: 'SA-1', vat_number: '300000000000003',
  role: 'dispatcher',
};

const tracking: Required<PublicTrackingView> = {
  order_id: fullOrder.order_id, status: 'NEAR_CUSTOMER', kind: 'c2c', stage: 'near-delivery', created_at: 1_767_000_000, updated_at: 1_767_000_300,
  preordered_for: null, vendor_name: 'Olaya', sender_first_name: 'Noura', customer_first_name: 'Sara',
  destination: { latitude: 24.66, longitude: 46.73 }, pickup: { latitude: 24.69, longitude: 46.68 },
  rider: { first_name: 'Faisal', phone: '+966500000001', latitude: 24.67, longitude: 46.7, updated_at: 1_767_000_290 },
  eta_to_vendor_min: null, eta_to_customer_min: 4, status_history: fullOrder.status_history,
};

const receipt: Required<Receipt> = {
  order_id: fullOrder.order_id, status: 'DELIVERED', vendor_name: 'Olaya', customer_first_name: 'Sara', created_at: 1_767_000_000, delivered_at: 1_767_000_600,
  currency: 'SAR', order_amount: 120, delivery_fee: 15, discount: 1.5, total_amount: 133.5, payment_method: 'CASH_ON_DELIVERY', voucher_code: 'WELCOME10',
};

const place: Place = { address: { id: 'p1', formatted_address: 'Olaya Street, Riyadh', latitude: 24.69, longitude: 46.68 } };
const reversed: ReverseGeocodeResult = {
  address: { formatted_address: '12 Olaya Street, Riyadh', latitude: 24.69, longitude: 46.68, city: 'Riyadh', country_code: 'SA', zipcode: '12211', street: 'Olaya Street', number: '12' },
};

const bulkRow: BulkJobRow = {
  row_number: 2, status: 'ORDER_PLACED', error: null, order_id: 'sa-1001-y', delivery_fee: 15, collection_point: 'OLAYA-1', customer_name: 'Sara',
  customer_phone: '+966501234567', drop_off_address: '12, Tower A, Riyadh', payment_method: 'PAID', amount: 120, description: 'Two cakes',
  delivery_type: 'scheduled', scheduled_for: 1_767_003_600,
};
const bulkJob: Required<BulkJob> = {
  bulk_job_id: 'job-1', vendor_id: 'sa-1001', job_type: 'ORDER_CREATION', status: 'ORDER_PLACEMENT_SUCCESS_WITH_ERROR', created_by: 'vendor@example.com',
  created_at: 1_767_000_000, file_name: 'orders.xlsx', totals: { rows: 2, orders_to_be_placed: 1, orders_placed: 1, errors: 1 },
  preprocess: { metadata: { success_row_count: 1 } },
  rows: [bulkRow, { ...bulkRow, row_number: 3, status: 'PREPROCESS_FAIL', error: 'bulk.error.phone', order_id: null, delivery_fee: null, amount: null, delivery_type: 'instant', scheduled_for: null }],
};

/** [name, answer schema, a sample with every field set] */
const SAMPLES: [string, TSchema, unknown][] = [
  ['Order', Result(Order), { result: fullOrder }],
  ['OrderPage', Result(OrderPage), { result: { data: [fullOrder, { ...fullOrder, rider: null, voucher: null, pickup: null }], pagination_key: 'next' } }],
  ['Rider', Result(Rider), { result: rider }],
  ['Vendor', Result(Vendor), { result: vendor }],
  ['VendorList', Result(VendorList), { result: { vendors: [vendor, { ...vendor, parent_vendor_id: null, vat_number: null }] } }],
  ['PublicTrackingView', Result(PublicTrackingView), { result: tracking }],
  ['PublicTrackingView without rider', Result(PublicTrackingView), { result: { ...tracking, kind: 'recipient', stage: null, rider: null, pickup: null } }],
  ['Receipt', Result(Receipt), { result: receipt }],
  ['Place list', DataList(Place), { data: [place, place] }],
  ['ReverseGeocodeResult list', DataList(ReverseGeocodeResult), { data: [reversed] }],
  ['FlagsAnswer', FlagsAnswer, { flags: { PayAtPickup: true, Theme: 'dark', Limit: 3, TrackingPageSettings: { showRiderPhone: true, showMap: false }, Countries: ['SA', 'KW'] } }],
  ['ExportEmailed', Result(ExportEmailed), { result: { emailed_to: 'vendor@example.com' } }],
  ['PaymentWallet', Result(PaymentWallet), { result: { wallet_id: 'w1', access_token: 'token', expires_in: 900 } }],
  ['CreatedPaymentIntent', Result(CreatedPaymentIntent), {
    result: {
      payment_methods: ['CARD'], intent_id: 'pi_1',
      saved_cards: [{ id: 'card_1', scheme: 'visa', last4: '1111', expiry_month: 12, expiry_year: 2030, holder_name: 'Sara' }],
      card_encryption_key: { kty: 'RSA', n: 'modulus', e: 'AQAB', alg: 'RSA-OAEP-256', use: 'enc', kid: 'k1' },
    } satisfies Required<CreatedPaymentIntent>,
  }],
  ['ConfirmedPayment', Result(ConfirmedPayment), { result: { order_id: 'sa-1001-x', redirect_required: { redirectUrl: 'https://bank.example/3ds' } } satisfies Required<ConfirmedPayment> }],
  ['FlagSet', Result(FlagSet), { result: { name: 'TrackingPageSettings', variation: { showRiderPhone: true, showMap: false } } }],
  ['FlagSet (a scalar)', Result(FlagSet), { result: { name: 'PayAtPickup', variation: false } }],
  ['CountryParameterSet', Result(CountryParameterSet), { result: { name: 'serviceHours', value: '08:00-22:00' } }],
  ['GodroidToken', GodroidToken, { token: 'jwt' }],
  ['BulkJob', Body(BulkJob), { body: bulkJob }],
  ['BulkJobList', BulkJobList, { code: 200, body: [bulkJob, { ...bulkJob, rows: undefined }].map(({ rows, ...job }) => (rows ? { ...job, rows } : job)) }],
  ['BulkUploadResult', Body(BulkUploadResult), { body: { bulk_job: bulkJob, orders: bulkJob.rows } }],
  ['HelpCentreWidget', HelpCentreWidget, { url: 'https://example.com/help-centre-service/widget?token=t' }],
];

const app = Fastify();
beforeAll(async () => {
  // As the server's error handler does: a failure answers API.md's error shape, through the route's schema.
  app.setErrorHandler((error, _request, reply) =>
    reply.status(400).send({ status: 400, message: (error as Error).message, errors: [{ code: 'x', field: 'f', meta: { translation_key: 'k' } }] }));
  SAMPLES.forEach(([name, schema, sample], index) => {
    const routeSchema = { response: { 200: schema, ...errorAnswers(400) } };
    app.get(`/sample/${index}`, { schema: routeSchema }, async () => sample);
    app.get(`/sample/${index}/error`, { schema: routeSchema }, async () => { throw new Error(`${name}.error`); });
  });
  await app.ready();
});
afterAll(async () => { await app.close(); });

describe('answer schemas keep every field', () => {
  it.each(SAMPLES.map(([name], index) => [name, index] as const))('%s comes out of its schema as it went in', async (_name, index) => {
    const answer = await app.inject({ method: 'GET', url: `/sample/${index}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(SAMPLES[index]![2]);
  });

  it.each(SAMPLES.map(([name], index) => [name, index] as const))('%s: the error answer keeps API.md\'s shape', async (name, index) => {
    const answer = await app.inject({ method: 'GET', url: `/sample/${index}/error` });
    expect(answer.json()).toEqual({ status: 400, message: `${name}.error`, errors: [{ code: 'x', field: 'f', meta: { translation_key: 'k' } }] });
  });

  it('never sends a private member of the card encryption key (the schema is an allow-list)', async () => {
    const probe = Fastify();
    const key = { kty: 'RSA', n: 'modulus', e: 'AQAB', d: 'PRIVATE', p: 'PRIVATE', q: 'PRIVATE' };
    probe.get('/', { schema: { response: { 200: Result(CreatedPaymentIntent) } } }, async () => ({ result: { payment_methods: [], intent_id: 'pi', card_encryption_key: key } }));
    const answer = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    expect(answer.body).not.toContain('PRIVATE');
  });

  it('can fail: a field the schema does not declare is dropped', async () => {
    const probe = Fastify();
    probe.get('/', { schema: { response: { 200: Result(Rider) } } }, async () => ({ result: { ...rider, secret: 'leak' } }));
    const answer = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    expect(answer.json()).toEqual({ result: rider });
  });
});
