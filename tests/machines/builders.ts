import type { Order, OrderStatus, UnixSeconds, Vendor } from '../../domain';
import type { RequestRiderInput } from '../../machines';
import { EMPTY_DRAFT, type RequestDraft } from '../../machines/requestDraft';

// Builders for the machine tests (STYLE.md §12).

export const NOW: UnixSeconds = 1_767_225_600; // 2026-01-01T00:00:00Z

export function anOrder(status: OrderStatus, overrides: Partial<Order> = {}): Order {
  return {
    order_id: `order-${status.toLowerCase()}`,
    vendor_id: 'vendor-1',
    created_at: NOW - 600,
    updated_at: NOW - 60,
    status,
    status_history: [{ status, created_at: NOW - 600 }],
    preordered_for: null,
    customer: {
      name: 'Sara Ali',
      phone_number: '+966501234567',
      location: { address: 'King Fahd Road, Riyadh', latitude: 24.7136, longitude: 46.6753, notes: '' },
    },
    order: { amount: 120, description: 'Documents', payment_method: 'CASH_ON_DELIVERY' },
    ...overrides,
  };
}

export function aVendor(overrides: Partial<Vendor> = {}, coordinates: { latitude: number | null; longitude: number | null } = { latitude: 24.7, longitude: 46.6 }): Vendor {
  return {
    vendor_id: 'vendor-1',
    parent_vendor_id: null,
    client_vendor_id: 'SA-001',
    is_parent: false,
    is_active: true,
    is_registered: true,
    name: 'Riyadh Bakery',
    vendor_information: {
      name: 'Riyadh Bakery',
      currency: 'SAR',
      owners: ['owner@example.com'],
      contact: { phone: '+966500000000' },
      location: {
        address_text: 'Olaya Street 1, Riyadh',
        building: 'Tower A',
        city: 'Riyadh',
        country_code: 'SA',
        postal_code: '12211',
        street: 'Olaya Street',
        street_number: '1',
        unit: '',
        rider_instructions: '',
        ...coordinates,
      },
    },
    flags: { payment_methods: ['CASH_ON_DELIVERY'] },
    estimation_pick_up_time: 15,
    ...overrides,
  };
}

/** The request flow's input: a signed-in vendor in Saudi Arabia, creating an order, cash or online. */
export function aRequestInput(overrides: Partial<RequestRiderInput> = {}): RequestRiderInput {
  return {
    vendor: aVendor(),
    isGuest: false,
    guestOrigin: null,
    guestSender: null,
    countryCode: 'SA',
    timeZone: 'Asia/Riyadh',
    nowUnix: () => NOW,
    orderId: null,
    availablePaymentMethods: ['CASH_ON_DELIVERY', 'ONLINE_PAYMENT'],
    defaultPaymentMethod: 'CASH_ON_DELIVERY',
    vatNumber: null,
    ...overrides,
  };
}

/** A request draft that keeps every form rule in Saudi Arabia: a drop-off, a recipient, an item, paid online. */
export function aRequestDraft(overrides: Partial<RequestDraft> = {}): RequestDraft {
  return {
    ...EMPTY_DRAFT,
    destinationName: 'Sara Ali',
    destinationPhoneNumber: '+966501234567',
    destinationTextAddress: 'King Fahd Road',
    destinationLatitude: 24.71,
    destinationLongitude: 46.67,
    riderNotes: 'Gate 2',
    orderAmount: '50',
    orderDescription: 'Cake box',
    paymentMethod: 'ONLINE_PAYMENT',
    ...overrides,
  };
}
