import { describe, expect, it } from 'vitest';
import type { DeliveryReceipt } from '../../adapters/ports';
import { receiptMachine } from '../../machines';
import { checkPathCount, describePath, generatePaths, replayPath, type PathModel } from './walkPaths';

// Every path of the public delivery receipt (API.md GET /order/{orderId}/receipt?t=): one load, a
// retry on demand; 409 'error.receipt-not-ready' before delivery, 403 for a wrong link.
const receipt = { order_id: 'order-1' } as unknown as DeliveryReceipt;
const input = { orderId: 'order-1', token: 'link-token' };

const model: PathModel = {
  machine: receiptMachine,
  input,
  strategy: 'simple',
  events: [
    { type: 'xstate.done.actor.loadReceipt', output: receipt },
    { type: 'xstate.error.actor.loadReceipt', error: new Error('error.receipt-not-ready') },
    { type: 'xstate.error.actor.loadReceipt', error: 'offline' },
    { type: 'retry' },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.errorKey]),
};

const paths = generatePaths(model);

describe('receipt: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay, step) => {
        // Every load asks for this order with the link's token.
        if (snapshot.matches('loading')) expect(replay.started.loadReceipt?.at(-1)).toEqual(input);
        if (snapshot.matches('ready')) expect(snapshot.context.receipt).toBe(receipt);
        if (snapshot.matches('failed')) {
          const { error } = step.event as { error?: unknown };
          // The server's error key is shown; anything else reads as offline.
          expect(snapshot.context.errorKey).toBe(error instanceof Error ? error.message : 'error.offline');
        }
      });
    });
  }

  it('covers every transition', () => checkPathCount('receipt', paths));
});
