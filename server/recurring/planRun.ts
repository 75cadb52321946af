// What one run of a schedule becomes, decided before its transaction (reads only): the order to
// place from the template, or why none is placed. The order goes through the orders side's own
// prepareOrder, like POST /order and bulk rows: the fee is quoted afresh from today's pricing and
// every rule of a hand-placed order applies, so a run is refused for the same reasons a person is.
import { countryConfig, isWithinServiceHours, roleCan, strongestRole } from '../../domain';
import type { Order, OrderRequestPayload } from '../../domain/types';
import type { AuthenticatedPrincipal } from '../auth/tenancy';
import type { Db } from '../db/connect';
import { priceRoute } from '../fees/pricing';
import { signFee } from '../fees/signature';
import { countryParameter } from '../flags/country-parameters';
import { ApiError } from '../http/errors';
import type { VendorRow } from '../http/vendorView';
import { prepareOrder } from '../orders/create';
import { orderIdForKey } from '../orders/ids';
import type { OrdersSide } from '../orders/side';
import type { OrderTemplatesTable } from '../db/schema';
import type { RecurringSchedulesTable } from './tables';

export const RUN_REASONS = {
  /** The vendor's service hours were closed at the run's time. */
  outsideServiceHours: 'recurring.skipped.service-hours',
  /** No server ran at the run's time and the catch-up came too late to deliver "at 09:30". */
  missed: 'recurring.skipped.missed',
  /** The template or the outlet is gone (deleted between the schedule's read and the run). */
  templateMissing: 'recurring.refused.template-missing',
  /** The member who set the schedule up may no longer place orders here (removed, suspended, or a role without it). */
  creatorMayNotPlace: 'error.role-forbidden',
  /** A failure that is no rule of an order (kept generic; the log has the detail). */
  failed: 'recurring.refused.failed',
} as const;

/** A run this late is skipped, not placed: a courier for 09:30 booked at 15:00 helps nobody. */
export const MISSED_AFTER_S = 2 * 60 * 60;

export type RunPlan =
  | { outcome: 'placed'; order: Order }
  | { outcome: 'refused' | 'skipped'; reason: string };

/** Runs act as the member who set the schedule up (the order's history and audit name them). */
const principalOf = (schedule: RecurringSchedulesTable): AuthenticatedPrincipal =>
  ({ kind: 'user', userId: schedule.created_by_account_id, email: schedule.created_by_email, vendorIds: [schedule.vendor_id], roles: {} });

/** The same order id for the same run, whoever places it: a second insert of the run's order fails. */
export const runOrderId = (side: OrdersSide, schedule: RecurringSchedulesTable, plannedAt: number): string =>
  orderIdForKey(schedule.vendor_id, side.config.secrets.linkSigningSecret, `recurring|${schedule.schedule_id}|${plannedAt}`);

async function payloadOf(side: OrdersSide, vendor: VendorRow, template: OrderTemplatesTable): Promise<OrderRequestPayload> {
  const destination = { latitude: template.latitude, longitude: template.longitude };
  // Without the outlet's coordinates there is no route to price: prepareOrder refuses it as it does a person.
  const source = vendor.latitude !== null && vendor.longitude !== null ? { latitude: vendor.latitude, longitude: vendor.longitude } : destination;
  const { fee } = priceRoute(vendor.country_code, source, destination);
  const signed = await signFee(
    { vendorId: vendor.vendor_id, source, destination, fee },
    { secret: side.config.secrets.feeSigningSecret, ttlSeconds: side.config.feeSignatureTtlS, nowUnix: side.nowUnix() },
  );
  return {
    vendor_id: vendor.vendor_id,
    customer: { location: { ...destination, address: template.address, notes: template.notes }, phone_number: template.phone_number, name: template.customer_name },
    order: { payment_method: template.payment_method, amount: template.amount, description: template.description, cold_bag_needed: false },
    preordered_for: null,
    delivery_fee: signed.fee,
    signature: signed.signature,
  };
}

/** Open at the run's time and still open now (a run caught up late may meet a closed outlet). */
/** Runs act as their creator: only while that member still may place orders at the vendor (or its parent). */
async function creatorMayPlace(db: Db, schedule: RecurringSchedulesTable, vendor: VendorRow): Promise<boolean> {
  const links = await db.selectFrom('account_vendors').select('role')
    .where('account_id', '=', schedule.created_by_account_id).where('status', '=', 'active')
    .where('vendor_id', 'in', vendor.parent_vendor_id ? [vendor.vendor_id, vendor.parent_vendor_id] : [vendor.vendor_id])
    .execute();
  return roleCan(strongestRole(links.map((link) => link.role)), 'orders.place');
}

async function isOpen(db: Db, vendor: VendorRow, plannedAt: number, nowS: number): Promise<boolean> {
  const setting = await countryParameter(db, 'serviceHours', vendor);
  const zone = countryConfig(vendor.country_code).timeZone;
  try {
    return isWithinServiceHours(setting, plannedAt, zone) && isWithinServiceHours(setting, nowS, zone);
  } catch {
    // A broken setting is checked where it is set (flags/country-parameters.ts); the browser treats it as open too.
    return true;
  }
}

export async function planRun(side: OrdersSide, schedule: RecurringSchedulesTable, plannedAt: number, nowS: number): Promise<RunPlan> {
  if (nowS - plannedAt > MISSED_AFTER_S) return { outcome: 'skipped', reason: RUN_REASONS.missed };
  const { db } = side;
  const [vendor, template] = await Promise.all([
    db.selectFrom('vendors').selectAll().where('vendor_id', '=', schedule.vendor_id).executeTakeFirst(),
    db.selectFrom('order_templates').selectAll().where('template_id', '=', schedule.template_id).where('vendor_id', '=', schedule.vendor_id).executeTakeFirst(),
  ]);
  if (!vendor || !template) return { outcome: 'refused', reason: RUN_REASONS.templateMissing };
  if (!(await creatorMayPlace(db, schedule, vendor))) return { outcome: 'refused', reason: RUN_REASONS.creatorMayNotPlace };
  if (!(await isOpen(db, vendor, plannedAt, nowS))) return { outcome: 'skipped', reason: RUN_REASONS.outsideServiceHours };
  try {
    const payload = await payloadOf(side, vendor, template);
    const order = await prepareOrder(side, principalOf(schedule), vendor, payload, { paidOnline: null, orderId: runOrderId(side, schedule, plannedAt) });
    return { outcome: 'placed', order };
  } catch (error) {
    // A rule of the order said no (a payment method withdrawn, an address out of the area): the reason is its key.
    if (error instanceof ApiError) return { outcome: 'refused', reason: error.key };
    throw error;
  }
}
