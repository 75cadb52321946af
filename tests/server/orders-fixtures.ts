// Shared by the orders-side contract tests: a signed fee quote and a valid POST /order payload.
import type { OrderRequestPayload } from '../../domain/types';
import type { TestServer } from './harness';

export const SA_PARENT = 'sa-1000';
export const SA_OLAYA = 'sa-1001';
export const SG_VENDOR = 'sg-2000';
/** Al Malaz, Riyadh: a few km from the demo outlets. */
export const RIYADH_DESTINATION = { latitude: 24.6636, longitude: 46.7369 };

interface Envelope<T> { result: T }

export function resultOf<T>(body: unknown): T {
  return (body as Envelope<T>).result;
}

export async function vendorPoint(server: TestServer, auth: string, vendorId: string): Promise<{ latitude: number; longitude: number }> {
  const response = await server.call('GET', `/vendor/${vendorId}`, { auth });
  if (response.status !== 200) throw new Error(`GET /vendor/${vendorId}: ${response.status} ${response.text}`);
  const { latitude, longitude } = resultOf<{ vendor_information: { location: { latitude: number; longitude: number } } }>(response.body).vendor_information.location;
  return { latitude, longitude };
}

export async function quoteFee(
  server: TestServer, auth: string, vendorId: string,
  destination = RIYADH_DESTINATION, source?: { latitude: number; longitude: number },
): Promise<{ fee: number; signature: string; expires_at: number }> {
  const from = source ?? (await vendorPoint(server, auth, vendorId));
  const response = await server.call('POST', '/delivery/fee', { auth, body: { source: from, destination, vendor_id: vendorId, delivery_type: 'food' } });
  if (response.status !== 200) throw new Error(`POST /delivery/fee: ${response.status} ${response.text}`);
  return resultOf(response.body);
}

export function orderPayload(vendorId: string, quote: { fee: number; signature: string }, overrides: Partial<OrderRequestPayload> = {}): OrderRequestPayload {
  return {
    vendor_id: vendorId,
    customer: {
      location: { ...RIYADH_DESTINATION, address: '12, Tower A, Al Malaz Street, Riyadh', notes: 'Ring twice' },
      phone_number: '+966501234567',
      name: 'Sara Al-Harbi',
    },
    order: { payment_method: 'CASH_ON_DELIVERY', amount: 120, description: 'Two cakes', cold_bag_needed: false },
    vat_number: null,
    preordered_for: null,
    age_validation_required: false,
    login_pickup_estimation: 15,
    delivery_fee: quote.fee,
    signature: quote.signature,
    ...overrides,
  };
}

/** Quotes a fee and places an order; answers the new order id. */
export async function placeOrder(server: TestServer, auth: string, vendorId = SA_OLAYA, overrides: Partial<OrderRequestPayload> = {}): Promise<string> {
  const quote = await quoteFee(server, auth, vendorId);
  const response = await server.call('POST', '/order', { auth, body: orderPayload(vendorId, quote, overrides) });
  if (response.status !== 200) throw new Error(`POST /order: ${response.status} ${response.text}`);
  return resultOf<{ order_id: string }>(response.body).order_id;
}

/** Places an order of the Singapore vendor (the other account's), to a Singapore address. */
export async function placeSingaporeOrder(server: TestServer, auth: string): Promise<string> {
  const destination = { latitude: 1.31, longitude: 103.86 };
  const quote = await quoteFee(server, auth, SG_VENDOR, destination);
  const response = await server.call('POST', '/order', {
    auth,
    body: orderPayload(SG_VENDOR, quote, {
      customer: { location: { ...destination, address: '1, Orchard Road, Singapore', notes: '' }, phone_number: '+6581234567', name: 'Tan Wei' },
    }),
  });
  if (response.status !== 200) throw new Error(`POST /order (Singapore): ${response.status} ${response.text}`);
  return resultOf<{ order_id: string }>(response.body).order_id;
}

export async function moveOrder(server: TestServer, orderId: string, status: string): Promise<void> {
  const response = await server.call('POST', `/ops/orders/${encodeURIComponent(orderId)}/status`, { auth: `Ops ${server.opsToken}`, body: { status } });
  if (response.status !== 200) throw new Error(`ops move ${status}: ${response.status} ${response.text}`);
}
