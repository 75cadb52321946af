import { fromPromise } from 'xstate';
import type { Vendor } from '../../../domain/types';
import { vendorsMachine } from '../../../machines/vendors';
import { readFilters, writeFilters } from '../../../adapters/storage/filtersStorage';
import { writeSelectedVendorId } from '../../../adapters/storage/preferencesStorage';
import type { AppEffects } from '../machines';
import type { Services } from '../services';

/** The vendor list of a signed-in user, the remembered selection and the outlet-orders parameter. */
export function provideVendorsMachine(services: Services, effects: AppEffects) {
  const { api, storage } = services;
  return vendorsMachine.provide({
    actors: {
      loadVendors: fromPromise<Vendor[], void>(() => api.getVendors()),
      loadOutletPermission: fromPromise<boolean, { vendorId: string }>(
        async ({ input }) => (await api.getCountryParameter('allOutletOrders', input.vendorId)) === 'true',
      ),
    },
    actions: {
      toast: (_, params) => effects.toast(params),
      rememberSelection: (_, params) => {
        writeSelectedVendorId(storage, params.vendorId);
        const filters = readFilters(storage);
        if (filters) writeFilters(storage, { ...filters, enableToggleOutlet: params.includeOutlets });
      },
    },
  });
}
