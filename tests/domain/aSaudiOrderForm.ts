// A complete, valid Saudi request form (SPEC §5) for the domain tests; each test overrides only what
// its rule is about.
import type { OrderForm } from '../../domain';

export function aSaudiOrderForm(changes: Partial<OrderForm> = {}): OrderForm {
  return {
    vendorId: 'v-sa-1',
    destinationName: 'Sara Ahmed',
    destinationPhoneNumber: '0501234567',
    destinationTextAddress: 'King Fahd Rd, Riyadh',
    destinationUnitNumber: '',
    destinationLatitude: 24.7136,
    destinationLongitude: 46.6753,
    orderDescription: 'Documents',
    orderAmount: '50',
    paymentMethod: 'CASH_ON_DELIVERY',
    ...changes,
  };
}
