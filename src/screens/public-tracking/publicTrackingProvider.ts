// The public pages' machines given the API (no session: the link's token authorises them).
import { fromPromise } from 'xstate';
import type { ApiClient, DeliveryReceipt, TrackingView } from '../../../adapters/ports';
import { publicTrackingMachine, type PublicTrackingInput } from '../../../machines/publicTracking';
import { receiptMachine, type ReceiptInput } from '../../../machines/receipt';

export function providePublicTracking(api: ApiClient) {
  return publicTrackingMachine.provide({
    actors: {
      loadTracking: fromPromise<TrackingView, PublicTrackingInput>(({ input }) => api.getTracking(input.orderId, input.token)),
    },
  });
}

export function provideReceipt(api: ApiClient) {
  return receiptMachine.provide({
    actors: {
      loadReceipt: fromPromise<DeliveryReceipt, ReceiptInput>(({ input }) => api.getReceipt(input.orderId, input.token)),
    },
  });
}
