// What the in-memory API knows in one story: which vendors, orders and answers the "server" holds.
// A story states its world; the screen reaches it only through the ApiClient port.
import type { ApiClient, CountryParameterName, DeliveryAreaVerdict, FlagMap, WebhookEndpoint } from '../../adapters/ports';
import fileFlags from '../../public/flags.json';
import type { OrderTemplate, RecurringScheduleView } from '../../domain/api';
import type { AddressBookEntry, BulkJob, Order, Place, Vendor } from '../../domain/types';
import { ALL_DEMO_ORDERS } from './demoOrders';
import { DEMO_BULK_JOBS } from './demoBulkJobs';
import { DEMO_PLACES } from './demoPlaces';
import { DEMO_VENDORS } from './demoVendors';

export type ApiCallName = keyof ApiClient;

export interface StoryFailure {
  key: string;
  status: number;
}

export interface StoryWorld {
  vendors: readonly Vendor[];
  orders: readonly Order[];
  /** Country parameters (SPEC §7); a missing one answers ''. */
  parameters: Partial<Record<CountryParameterName, string>>;
  deliveryArea: DeliveryAreaVerdict;
  /** The fee the courier platform quotes, in the vendor's currency. */
  fee: number;
  /** The fee quoted from the second quote on, as when a signature expired and the price moved. */
  renewedFee: number | null;
  places: readonly Place[];
  addressBook: readonly AddressBookEntry[];
  bulkJobs: readonly BulkJob[];
  flags: FlagMap;
  /** What the browser's storage holds when the story opens (see guestDevice.ts). */
  storedItems: Readonly<Record<string, string>>;
  /** Order updates the live socket pushes right after the vendor's subscription is confirmed. */
  liveUpdates: readonly Order[];
  /** Calls that fail with this API error key (API.md `message`), e.g. createOrder: 'SignatureExpired'
   * (HTTP 400), or with a key and a status. */
  failures: Partial<Record<ApiCallName, string | StoryFailure>>;
  /** Calls that never answer, to show loading states. */
  pending: readonly ApiCallName[];
  /** The account's webhook endpoints when the story opens (Settings → Developers, the failing banner). */
  webhooks: readonly WebhookEndpoint[];
  /** Saved templates and their recurring orders when the story opens (none unless a story seeds them). */
  templates?: readonly OrderTemplate[];
  recurringOrders?: readonly RecurringScheduleView[];
}

export const DEMO_WORLD: StoryWorld = {
  vendors: DEMO_VENDORS,
  orders: ALL_DEMO_ORDERS,
  parameters: { serviceHours: '', onlinePaymentActivated: 'true', orderItemValueExceedLimit: '-1', allOutletOrders: 'true' },
  deliveryArea: 'DELIVERABLE',
  fee: 12.5,
  renewedFee: null,
  places: DEMO_PLACES,
  addressBook: [],
  bulkJobs: DEMO_BULK_JOBS,
  flags: simpleFlags(fileFlags),
  storedItems: {},
  liveUpdates: [],
  failures: {},
  pending: [],
  webhooks: [],
};

/** The demo world with some parts replaced; parameters and flags are merged over the demo ones. */
export function worldWith(changes: Partial<StoryWorld>): StoryWorld {
  return {
    ...DEMO_WORLD,
    ...changes,
    parameters: { ...DEMO_WORLD.parameters, ...changes.parameters },
    flags: { ...DEMO_WORLD.flags, ...changes.flags },
  };
}

/** The app's fallback flag file (public/flags.json), without its object-valued settings. */
function simpleFlags(file: Record<string, unknown>): FlagMap {
  return Object.fromEntries(
    Object.entries(file).filter((entry): entry is [string, boolean | string | number] => ['boolean', 'string', 'number'].includes(typeof entry[1])),
  );
}
