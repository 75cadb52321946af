// A vendors row as API.md's Vendor (SPEC.md §3) on the wire.
import type { PaymentMethod, Vendor } from '../../domain/types';
import { PAYMENT_METHODS } from '../../domain/types';
import type { VendorsTable } from '../db/schema';

export type VendorRow = VendorsTable;

export function parsePaymentMethods(pipeSeparated: string): PaymentMethod[] {
  return pipeSeparated.split('|').map((m) => m.trim())
    .filter((m): m is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(m));
}

function parseOwners(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function toVendor(row: VendorRow): Vendor {
  return {
    vendor_id: row.vendor_id,
    parent_vendor_id: row.parent_vendor_id,
    client_vendor_id: row.client_vendor_id,
    is_parent: row.is_parent === 1,
    is_active: row.is_active === 1,
    is_registered: row.is_registered === 1,
    name: row.name,
    vendor_information: {
      name: row.business_name || row.name,
      currency: row.currency,
      owners: parseOwners(row.owners_json),
      contact: { phone: row.contact_phone },
      location: {
        address_text: row.address_text,
        building: row.building,
        city: row.city,
        country_code: row.country_code,
        latitude: row.latitude,
        longitude: row.longitude,
        postal_code: row.postal_code,
        street: row.street,
        street_number: row.street_number,
        unit: row.unit,
        rider_instructions: row.rider_instructions,
      },
    },
    flags: { payment_methods: parsePaymentMethods(row.payment_methods) },
    estimation_pick_up_time: row.estimation_pick_up_time,
    ...(row.vendor_code ? { vendor_code: row.vendor_code } : {}),
    vat_number: row.vat_number,
  };
}

/** Parents first (SPEC.md §6), then by name, then id for a stable order. */
export function sortParentsFirst(vendors: Vendor[]): Vendor[] {
  return [...vendors].sort((a, b) =>
    Number(b.is_parent) - Number(a.is_parent) || a.name.localeCompare(b.name) || a.vendor_id.localeCompare(b.vendor_id));
}
