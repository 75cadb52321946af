import type { SnapshotFrom } from 'xstate';
import type { requestRiderMachine } from '../../../machines';

export type RequestSnapshot = SnapshotFrom<typeof requestRiderMachine>;

/** Where the request flow is, as the screen lays it out (SPEC §4 request flow steps). */
export type RequestStep =
  | 'starting'
  | 'loadingOrder'
  | 'origin'
  | 'originDetails'
  | 'checkingHours'
  | 'closed'
  | 'destination'
  | 'checkingDestination'
  | 'details'
  | 'payment'
  | 'submitting'
  | 'submitFailed'
  | 'success';

const STEPS: Readonly<Record<string, RequestStep>> = {
  loadingOrderToUpdate: 'loadingOrder',
  ASK_FOR_ORIGIN_ADDRESS: 'origin',
  ASK_FOR_ORIGIN_ADDRESS_DETAILS: 'originDetails',
  CHECK_SERVICE_HOURS: 'checkingHours',
  SERVICE_CLOSED: 'closed',
  ASK_FOR_DESTINATION_ADDRESS: 'destination',
  CHECK_IF_DESTINATION_IS_VALID: 'checkingDestination',
  FILL_ORDER_DETAILS: 'details',
  FILL_PAYMENT_DETAILS: 'payment',
  submitting: 'submitting',
  renewingSignature: 'submitting',
  submitFailed: 'submitFailed',
  success: 'success',
};

/** The name of the active child of `steps` (a nested step reports its parent's name). */
export function requestStepOf(snapshot: RequestSnapshot): RequestStep {
  const steps: unknown = (snapshot.value as { steps?: unknown }).steps;
  const name = typeof steps === 'string' ? steps : steps && typeof steps === 'object' ? Object.keys(steps)[0] : undefined;
  return (name && STEPS[name]) || 'starting';
}

/** Steps from which the order details (customer, amount, time) are known and shown. */
export const DETAILS_VISIBLE: ReadonlySet<RequestStep> = new Set(['details', 'payment', 'submitting', 'submitFailed', 'success']);
/** Steps in which the payment part is shown. */
export const PAYMENT_VISIBLE: ReadonlySet<RequestStep> = new Set(['payment', 'submitting', 'submitFailed']);
