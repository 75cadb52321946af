import { readGuestCredentials } from '../../../adapters/storage/guestStorage';
import type { KeyValueStorage } from '../../../adapters/ports';
import { countryConfig, isSupportedCountry } from '../../../domain/countries';
import type { PaymentMethod, Vendor } from '../../../domain/types';
import { LIMITS } from '../../../domain';
import type { RequestRiderInput } from '../../../machines';

/** The vendor's own country when it has one (a Pakistani vendor follows Pakistan's rules), else the deployment's. */
export function vendorCountry(vendor: Vendor, deploymentCountry: string): string {
  const code = vendor.vendor_information.location.country_code.toUpperCase();
  return code !== '' && isSupportedCountry(code) ? code : deploymentCountry;
}

/** SPEC §9: the request flow offers cash on delivery and online payment, as the vendor's flags allow;
 * online payment also needs the country's onlinePaymentActivated parameter. Two SPEC §6 flags add a
 * method whatever the vendor's list says: PayAtPickup adds PAY_AT_PICKUP (the delivery fee is paid to
 * the rider in cash at collection), NonePaymentMethod adds NONE (nothing is collected). */
export function requestPaymentMethods(
  vendor: Vendor,
  onlinePaymentActivated: boolean,
  noneOffered = false,
  payAtPickupOffered = false,
): PaymentMethod[] {
  const offered: readonly string[] = LIMITS.requestFlowPaymentMethods;
  const methods = vendor.flags.payment_methods.filter(
    (method) => offered.includes(method) && (method !== 'ONLINE_PAYMENT' || onlinePaymentActivated),
  );
  if (payAtPickupOffered) methods.push('PAY_AT_PICKUP');
  if (noneOffered) methods.push('NONE');
  return methods;
}

export function requestInputOf(params: {
  vendor: Vendor;
  isGuest: boolean;
  deploymentCountry: string;
  orderId: string | null;
  /** "Order again": the past order that fills the new one in. */
  repeatOrderId?: string | null;
  /** A saved template that fills the new one in. */
  templateId?: string | null;
  onlinePaymentActivated: boolean;
  /** The NonePaymentMethod flag. */
  noneOffered?: boolean;
  /** The PayAtPickup flag. */
  payAtPickupOffered?: boolean;
  storage: KeyValueStorage;
  nowUnix: () => number;
}): RequestRiderInput {
  const { vendor, isGuest } = params;
  const countryCode = vendorCountry(vendor, params.deploymentCountry);
  const country = countryConfig(countryCode);
  const credentials = isGuest ? readGuestCredentials(params.storage) : null;
  const location = credentials?.location ?? null;
  return {
    vendor,
    isGuest,
    guestOrigin: location
      ? {
          streetAddress: location.address,
          building: '',
          unit: '',
          notes: location.notes,
          city: '',
          countryCode,
          postalCode: '',
          latitude: location.latitude,
          longitude: location.longitude,
        }
      : null,
    guestSender: credentials ? { name: credentials.name, email: credentials.email, phoneNumber: credentials.phone_number } : null,
    countryCode,
    timeZone: country.timeZone,
    nowUnix: params.nowUnix,
    orderId: params.orderId,
    repeatOrderId: params.repeatOrderId ?? null,
    templateId: params.templateId ?? null,
    availablePaymentMethods: requestPaymentMethods(vendor, params.onlinePaymentActivated, params.noneOffered, params.payAtPickupOffered),
    defaultPaymentMethod: country.defaultPaymentMethod,
    vatNumber: vendor.vat_number ?? null,
  };
}
