// What the API benchmarks send: the demo vendor's Authorization header and a signed create-order body
// (a fee quoted now, so the load runs inside the signature's lifetime).
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/db/seed';

export interface BenchOrder {
  /** Authorization and JSON content type, for every request of the load. */
  headers: Record<string, string>;
  /** A valid POST /order body for `vendorId`; replaying it creates one order per request. */
  createBody: string;
  /** The POST /delivery/fee body the create body's fee was quoted with. */
  feeBody: string;
}

export async function benchOrder(api: string, vendorId: string): Promise<BenchOrder> {
  const login = await fetch(`${api}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email_address: DEMO_ACCOUNTS.vendor.email, password: DEMO_PASSWORD }) });
  const tokens = ((await login.json()) as { result: { AccessToken: string; IdToken: string } }).result;
  const headers = { authorization: `Bearer ${tokens.AccessToken}|${tokens.IdToken}`, 'content-type': 'application/json' };
  const vendor = ((await (await fetch(`${api}/vendor/${vendorId}`, { headers })).json()) as { result: { vendor_information: { location: { latitude: number; longitude: number } } } }).result;
  const source = { latitude: vendor.vendor_information.location.latitude, longitude: vendor.vendor_information.location.longitude };
  const destination = { latitude: 24.6636, longitude: 46.7369 };
  const feeBody = JSON.stringify({ source, destination, vendor_id: vendorId, delivery_type: 'food' });
  const quote = ((await (await fetch(`${api}/delivery/fee`, { method: 'POST', headers, body: feeBody })).json()) as { result: { fee: number; signature: string } }).result;
  const createBody = JSON.stringify({
    vendor_id: vendorId,
    customer: { location: { ...destination, address: 'Al Malaz, Riyadh', notes: '' }, phone_number: '+966501234567', name: 'Bench Customer' },
    order: { payment_method: 'CASH_ON_DELIVERY', amount: 50, description: 'Bench', cold_bag_needed: false },
    delivery_fee: quote.fee, signature: quote.signature,
  });
  return { headers, createBody, feeBody };
}
