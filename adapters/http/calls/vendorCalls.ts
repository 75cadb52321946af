// Vendors and outlets, the help centre and the country parameters.
import type { Vendor } from '../../../domain/types';
import { createTtlCache } from '../ttlCache';
import type { AreaCalls } from './apiAreas';
import { segment, type CallHelpers } from './callHelpers';

/** SPEC.md §7: paymentMethods is cached 5 minutes in memory. */
const PAYMENT_METHODS_CACHE_S = 300;

export function vendorCalls({ options, call, result }: CallHelpers): AreaCalls<'vendors'> {
  const paymentMethodsCache = createTtlCache<string>(options.clock, PAYMENT_METHODS_CACHE_S);
  return {
    getVendors: async () => (await result<{ vendors: Vendor[] }>({ service: 'orders', method: 'GET', path: '/vendors' })).vendors,
    getVendor: (vendorId) => result<Vendor>({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}` }),
    createOutlet: (outlet) => result<Vendor>({ service: 'orders', method: 'POST', path: '/outlet', body: outlet, idempotent: true }),
    updateOutlet: (vendorId, outlet) =>
      result<Vendor>({ service: 'orders', method: 'PUT', path: `/outlet/${segment(vendorId)}`, body: outlet }),
    updateVendorAddress: (vendorId, address) =>
      result<Vendor>({ service: 'orders', method: 'PUT', path: `/vendor/${segment(vendorId)}/address`, body: address }),
    getHelpCentreToken: (vendorId) =>
      result<string>({ service: 'orders', method: 'GET', path: `/vendor/${segment(vendorId)}/hc_jwt_token` }),
    initHelpCentre: (init) =>
      call<{ url: string }>({ service: 'root', method: 'POST', path: '/help-centre-service/conditions-api/v1/init', body: init }),
    getCountryParameter: (name, vendorId) => {
      const load = () =>
        result<string>({
          service: 'orders',
          method: 'GET',
          path: `/get-country-parameter/${segment(name)}`,
          query: { vendor_id: vendorId },
        });
      return name === 'paymentMethods' ? paymentMethodsCache.get(vendorId, load) : load();
    },
  };
}
