// One spreadsheet row through the same rules as the request form (domain validateOrderForm and
// validateAddress), plus the bulk columns: collection point, payment type, delivery type and
// scheduled time. A valid row gets its geocoded drop-off and its delivery fee.
import { countryConfig, isPreorderTimeAllowed, joinCustomerAddress, validateAddress, validateOrderForm } from '../../domain';
import { BULK_PAYMENT_TYPES, type BulkPaymentType, type GeoPoint, type PaymentMethod, type UnixSeconds } from '../../domain/types';
import { isDeliverable, priceRoute } from '../fees/pricing';
import { parsePaymentMethods, type VendorRow } from '../http/vendorView';
import { cellText, type SheetCell } from './cellValue';
import { DELIVERY_TYPES, type BulkColumnKey } from './columns';
import type { AddressLocator } from './geocodeAddress';
import { BULK_ROW_ERRORS } from './messages';
import type { SheetRow } from './readSheet';
import type { BulkRowDocument, BulkRowStatus } from './rowDocument';
import { parseScheduledTime } from './scheduledTime';

export interface PreprocessContext {
  countryCode: string;
  /** Collection points the uploader may use, by client vendor id. */
  outlets: ReadonlyMap<string, VendorRow>;
  locate: AddressLocator;
  nowUnix: UnixSeconds;
}

export interface PreprocessedRow {
  rowNumber: number;
  status: Extract<BulkRowStatus, 'PREPROCESS_SUCCESS' | 'PREPROCESS_FAIL'>;
  error: string | null;
  outletId: string | null;
  document: BulkRowDocument;
}

const EMPTY_CELL: SheetCell = { kind: 'empty' };
/** validateOrderForm already answers this key for a drop-off without coordinates. */
const ADDRESS_NOT_LOCATED = 'validation.invalid-coordinates';

function isBulkPaymentType(value: string): value is BulkPaymentType {
  return (BULK_PAYMENT_TYPES as readonly string[]).includes(value);
}

function readCells(row: SheetRow) {
  const cell = (key: BulkColumnKey) => row.cells.get(key) ?? EMPTY_CELL;
  const text = (key: BulkColumnKey) => cellText(cell(key));
  const amountCell = cell('amount');
  const deliveryType = text('deliveryType').toLowerCase();
  const document: BulkRowDocument = {
    collection_point: text('collectionPoint'),
    customer_name: text('customerName'),
    customer_phone: text('customerPhone'),
    drop_off_address: text('dropOffAddress'),
    unit_number: text('unitNumber'),
    building: text('building'),
    rider_notes: text('riderNotes'),
    payment_method: text('paymentMethod').toUpperCase(),
    amount: amountCell.kind === 'number' ? amountCell.value : null,
    description: text('description'),
    delivery_type: deliveryType === 'scheduled' ? 'scheduled' : 'instant',
    scheduled_for: null,
    delivery_fee: null,
    latitude: null,
    longitude: null,
  };
  return {
    cell,
    document,
    amountText: amountCell.kind === 'number' ? amountCell.value : cellText(amountCell),
    deliveryType,
  };
}

/** The first failing rule's key, or null; fills the document's coordinates, time and fee on the way. */
async function firstError(row: SheetRow, context: PreprocessContext, read: ReturnType<typeof readCells>): Promise<string | null> {
  const { document } = read;
  if (row.merged) return BULK_ROW_ERRORS.mergedCells;
  if ([...row.cells.values()].some((cell) => cell.kind === 'tooLong')) return BULK_ROW_ERRORS.cellTooLong;
  if ([...row.cells.values()].some((cell) => cell.kind === 'formulaWithoutValue')) return BULK_ROW_ERRORS.formulaWithoutValue;

  const outlet = context.outlets.get(document.collection_point);
  if (!outlet) return BULK_ROW_ERRORS.unknownCollectionPoint;
  if (outlet.latitude === null || outlet.longitude === null) return BULK_ROW_ERRORS.collectionPointWithoutAddress;
  const pickup: GeoPoint = { latitude: outlet.latitude, longitude: outlet.longitude };

  if (document.payment_method !== '' && !isBulkPaymentType(document.payment_method)) return BULK_ROW_ERRORS.invalidPaymentMethod;
  // Online payment needs the recipient's card flow per order; a spreadsheet cannot carry it.
  if (document.payment_method === 'ONLINE_PAYMENT') return BULK_ROW_ERRORS.onlinePaymentNotSupported;

  const located = document.drop_off_address === '' ? null : await context.locate(document.drop_off_address, pickup);
  document.latitude = located?.latitude ?? null;
  document.longitude = located?.longitude ?? null;
  const formError = validateOrderForm(
    {
      vendorId: outlet.vendor_id,
      destinationName: document.customer_name,
      destinationPhoneNumber: document.customer_phone,
      destinationTextAddress: document.drop_off_address,
      destinationUnitNumber: document.unit_number,
      destinationLatitude: document.latitude,
      destinationLongitude: document.longitude,
      orderDescription: document.description,
      orderAmount: read.amountText,
      paymentMethod: document.payment_method === '' ? null : document.payment_method,
    },
    context.countryCode,
    { availablePaymentMethods: parsePaymentMethods(outlet.payment_methods) },
  );
  if (formError) return formError;
  const amount = Number(read.amountText === '' ? 0 : read.amountText);
  document.amount = Number.isFinite(amount) ? amount : null;
  const addressError = validateAddress({
    streetAddress: joinCustomerAddress(document.unit_number, document.building, document.drop_off_address),
    notes: document.rider_notes,
    latitude: document.latitude,
    longitude: document.longitude,
  });
  if (addressError) return addressError;
  if (!located) return ADDRESS_NOT_LOCATED;
  const destination: GeoPoint = located;
  if (!isDeliverable(context.countryCode, pickup, destination)) return BULK_ROW_ERRORS.undeliverable;

  if (!(DELIVERY_TYPES as readonly string[]).includes(read.deliveryType)) return BULK_ROW_ERRORS.invalidDeliveryType;
  if (document.delivery_type === 'scheduled') {
    const cell = read.cell('scheduledTime');
    if (cell.kind === 'empty') return BULK_ROW_ERRORS.missingScheduledTime;
    const at = parseScheduledTime(cell, countryConfig(context.countryCode).timeZone);
    if (at === null) return BULK_ROW_ERRORS.invalidScheduledTime;
    document.scheduled_for = at;
    if (!isPreorderTimeAllowed(at, context.nowUnix)) return BULK_ROW_ERRORS.preorderOutOfRange;
  }
  document.delivery_fee = priceRoute(context.countryCode, pickup, destination, document.payment_method as PaymentMethod).fee;
  return null;
}

export async function preprocessRow(row: SheetRow, context: PreprocessContext): Promise<PreprocessedRow> {
  const read = readCells(row);
  const error = await firstError(row, context, read);
  const outlet = context.outlets.get(read.document.collection_point);
  return {
    rowNumber: row.rowNumber,
    status: error === null ? 'PREPROCESS_SUCCESS' : 'PREPROCESS_FAIL',
    error,
    outletId: error === null && outlet ? outlet.vendor_id : null,
    document: read.document,
  };
}
