import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Order } from '../../domain';
import type { OrderTemplate } from '../../domain/api';
import { PREFILL_TEXTS, requestPrefillMachine, type RequestPrefillInput, type RequestPrefillOutput } from '../../machines';
import { anOrder, NOW } from './builders';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';

// Issue #27: a new request starts from a past order ("Order again") or a saved template. This child
// of the request flow reads it and answers what fills the draft in; requestRider.test.ts walks what
// the flow does with each answer (the fee quoted afresh, nothing placed without the vendor).

const pastOrder: Order = anOrder('DELIVERED', {
  order_id: 'order-past',
  customer: { name: 'Omar Saleh', phone_number: '+966501112233', location: { address: 'Tahlia Street, Riyadh', latitude: 24.69, longitude: 46.68, notes: 'Ring twice' }, email_address: 'omar@example.com', language: 'ar-SA' },
  order: { amount: 40, description: 'Cake box', payment_method: 'ONLINE_PAYMENT' },
  preordered_for: NOW + 3600,
  delivery_fee: 99,
});
const template: OrderTemplate = {
  id: 'template-1', vendor_id: 'vendor-1', name: 'Morning bread', customer_name: 'Huda Nasser', phone_number: '+966502223344',
  latitude: 24.75, longitude: 46.62, address: '3, Villa 8, Al Yasmin, Riyadh', notes: 'Back gate', amount: 45,
  description: 'Bread basket', payment_method: 'CASH_ON_DELIVERY', created_at: NOW - 86_400, updated_at: NOW - 86_400,
};

const modelFor = (input: RequestPrefillInput): PathModel => ({
  machine: requestPrefillMachine,
  input,
  strategy: 'simple',
  events: [
    { type: 'xstate.done.actor.loadOrderToRepeat', output: pastOrder },
    { type: 'xstate.error.actor.loadOrderToRepeat', error: new Error('404') },
    { type: 'xstate.done.actor.loadTemplate', output: template },
    { type: 'xstate.error.actor.loadTemplate', error: new Error('error.not-found') },
  ],
});

const models = {
  'order again': modelFor({ vendorId: 'vendor-1', source: { kind: 'order', orderId: 'order-past' } }),
  'saved template': modelFor({ vendorId: 'vendor-1', source: { kind: 'template', templateId: 'template-1' } }),
};
const walked: ModelPath[] = [];

for (const [name, model] of Object.entries(models)) {
  const paths = generatePaths(model);
  walked.push(...paths);
  const { source } = model.input as RequestPrefillInput;
  describe(`requestPrefill (${name}): every path`, () => {
    for (const path of paths) {
      it(describePath(path), async () => {
        await replayPath(model, path, (snapshot, replay, step) => {
          // Only what the request names is read, for the request's outlet.
          if (source.kind === 'order') {
            expect(replay.started.loadOrderToRepeat).toEqual([{ vendorId: 'vendor-1', orderId: 'order-past' }]);
            expect(replay.started.loadTemplate).toBeUndefined();
          } else {
            expect(replay.started.loadTemplate).toEqual([{ vendorId: 'vendor-1', templateId: 'template-1' }]);
            expect(replay.started.loadOrderToRepeat).toBeUndefined();
          }
          if (snapshot.status !== 'done') return;
          const output = snapshot.output as RequestPrefillOutput;
          if (step.event.type.startsWith('xstate.error.actor.')) {
            expect(output).toEqual({ outcome: 'failed', message: source.kind === 'order' ? PREFILL_TEXTS.repeatFailed : PREFILL_TEXTS.templateFailed });
            return;
          }
          expect(output.outcome).toBe('filled');
          if (output.outcome !== 'filled') return;
          // The drop-off, recipient, item and payment method; never the fee, the pre-order slot or the bag's tag.
          expect(output.prefill).not.toHaveProperty('preorderedFor');
          expect(output.prefill).not.toHaveProperty('tagId');
          expect(output.prefill).toEqual(
            source.kind === 'order'
              ? {
                  destinationName: 'Omar Saleh',
                  destinationPhoneNumber: '+966501112233',
                  destinationTextAddress: 'Tahlia Street, Riyadh',
                  destinationUnitNumber: '',
                  destinationBuilding: '',
                  destinationLatitude: 24.69,
                  destinationLongitude: 46.68,
                  riderNotes: 'Ring twice',
                  orderAmount: '40',
                  orderDescription: 'Cake box',
                  paymentMethod: 'ONLINE_PAYMENT',
                  destinationEmail: 'omar@example.com',
                  destinationLanguage: 'ar-SA',
                }
              : {
                  destinationName: 'Huda Nasser',
                  destinationPhoneNumber: '+966502223344',
                  destinationTextAddress: '3, Villa 8, Al Yasmin, Riyadh',
                  destinationUnitNumber: '',
                  destinationBuilding: '',
                  destinationLatitude: 24.75,
                  destinationLongitude: 46.62,
                  riderNotes: 'Back gate',
                  orderAmount: '45',
                  orderDescription: 'Bread basket',
                  paymentMethod: 'CASH_ON_DELIVERY',
                  destinationEmail: '',
                  destinationLanguage: '',
                },
          );
        });
      });
    }
  });
}

describe('requestPrefill: spec', () => {
  it('walks every transition', () => checkPathCount('requestPrefill', walked));

  /** What "Order again" fills in from a past order, read by the flow's own child. */
  async function prefillOf(order: Order): Promise<RequestPrefillOutput> {
    const logic = requestPrefillMachine.provide({ actors: { loadOrderToRepeat: fromPromise<Order, { vendorId: string; orderId: string }>(async () => order) } });
    const actor = createActor(logic, { input: models['order again'].input as RequestPrefillInput }).start();
    return (await waitFor(actor, (snapshot) => snapshot.status === 'done')).output as RequestPrefillOutput;
  }
  const located = (address: string) => ({ ...pastOrder.customer, location: { address, latitude: 24.69, longitude: 46.68 } });

  // SPEC §3: the order's address was sent as unit, building and text joined by commas, and the
  // request edits each in its own field; a building without a unit (only Singapore asks for one) or a
  // unit without a building is taken off the text the same way, or the next order would repeat it.
  it('Order again of an order sent with a building only, or a unit only, keeps each in its field and off the text', async () => {
    const buildingOnly = await prefillOf({ ...pastOrder, building: 'Villa 3', customer: located('Villa 3, Tahlia Street, Riyadh') });
    expect(buildingOnly).toMatchObject({ outcome: 'filled', prefill: { destinationTextAddress: 'Tahlia Street, Riyadh', destinationUnitNumber: '', destinationBuilding: 'Villa 3' } });
    const unitOnly = await prefillOf({ ...pastOrder, unit_number: '12', customer: located('12, Tahlia Street, Riyadh') });
    expect(unitOnly).toMatchObject({ outcome: 'filled', prefill: { destinationTextAddress: 'Tahlia Street, Riyadh', destinationUnitNumber: '12', destinationBuilding: '' } });
  });

  // The order's schema (domain/api/orders.ts): a recipient language or rider notes may be absent; the new request then
  // writes in the country's default language ('') and has no notes.
  it('Order again of an order without a recipient language or rider notes fills in neither', async () => {
    const output = await prefillOf({ ...pastOrder, customer: { name: 'Omar Saleh', phone_number: '+966501112233', location: { address: 'Tahlia Street, Riyadh', latitude: 24.69, longitude: 46.68 } } });
    // Sent with neither unit nor building, its address is the text whole.
    expect(output).toMatchObject({ outcome: 'filled', prefill: { destinationTextAddress: 'Tahlia Street, Riyadh', destinationLanguage: '', destinationEmail: '', riderNotes: '' } });
  });
});
