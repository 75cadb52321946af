import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ExportOrdersBody, ExportResult } from '../../adapters/ports';
import { exportMachine } from '../../machines/exportMachine';
import { checkPathCount, describePath, generatePaths, replayPath, type PathModel } from './walkPaths';

const body: ExportOrdersBody = { vendor_id: 'v-1', from: 0, to: 1, status: 'DELIVERED', include_outlets: false, format: 'csv', delivery: 'download' };
const file: ExportResult = { kind: 'file', file: new Blob(['order_id\n']), fileName: 'orders.csv' };
const emailed: ExportResult = { kind: 'emailed', emailedTo: 'vendor@example.com' };

// Simple paths: one export at a time. A failure returns to a state already walked (idle, nothing
// e-mailed), so simple paths do not end there; the spec test below covers it.
const model: PathModel = {
  machine: exportMachine,
  strategy: 'simple',
  effects: ['toast', 'saveFile'],
  events: [
    { type: 'export.requested', body },
    { type: 'export.requested', body: { ...body, format: 'xlsx', delivery: 'email' } },
    { type: 'xstate.done.actor.exportOrders', output: file },
    { type: 'xstate.done.actor.exportOrders', output: emailed },
    { type: 'xstate.error.actor.exportOrders', error: new Error('500') },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.emailedTo]),
};

const paths = generatePaths(model);

describe('export: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay, step) => {
        const type = step.event.type;
        if (type === 'export.requested') {
          // The request goes to the server as the screen built it, and no second one starts meanwhile.
          expect(replay.started.exportOrders?.at(-1)).toEqual((step.event as unknown as { body: ExportOrdersBody }).body);
          expect(snapshot.can({ type: 'export.requested', body })).toBe(false);
        }
        if (type === 'xstate.done.actor.exportOrders') {
          const output = (step.event as unknown as { output: ExportResult }).output;
          if (output.kind === 'file') {
            expect(replay.effects.slice(-2)).toEqual([
              { name: 'saveFile', params: { file: output.file, fileName: 'orders.csv' } },
              { name: 'toast', params: { kind: 'success', message: 'export.downloaded' } },
            ]);
          } else {
            expect(snapshot.context.emailedTo).toBe('vendor@example.com');
            expect(replay.effects.at(-1)).toEqual({
              name: 'toast',
              params: { kind: 'success', message: 'export.emailed', values: { email: 'vendor@example.com' } },
            });
          }
        }
        // A file is only ever saved after the server answered with one.
        expect(replay.effects.filter((effect) => effect.name === 'saveFile').length).toBeLessThanOrEqual(
          path.steps.filter((s) => s.event.type === 'xstate.done.actor.exportOrders' && (s.event as unknown as { output: ExportResult }).output.kind === 'file').length,
        );
        if (snapshot.matches('idle')) expect(snapshot.can({ type: 'export.requested', body })).toBe(true);
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('export', paths));
});

describe('export: spec', () => {
  it('saves a downloaded file, names the mailbox of an e-mailed report, and reports a failure', async () => {
    const saved: string[] = [];
    const toasts: string[] = [];
    const results: (ExportResult | Error)[] = [file, emailed, new Error('500')];
    const actor = createActor(
      exportMachine.provide({
        actors: {
          exportOrders: fromPromise<ExportResult, ExportOrdersBody>(async () => {
            const next = results.shift();
            if (!next || next instanceof Error) throw next ?? new Error('none');
            return next;
          }),
        },
        actions: { saveFile: (_, params) => saved.push(params.fileName), toast: (_, params) => toasts.push(params.message) },
      }),
    ).start();
    const settle = () => new Promise<void>((resolve) => actor.subscribe((snapshot) => snapshot.matches('idle') && resolve()));
    actor.send({ type: 'export.requested', body });
    await settle();
    actor.send({ type: 'export.requested', body: { ...body, delivery: 'email' } });
    await settle();
    expect(actor.getSnapshot().context.emailedTo).toBe('vendor@example.com');
    actor.send({ type: 'export.requested', body });
    await settle();
    expect(saved).toEqual(['orders.csv']);
    expect(toasts).toEqual(['export.downloaded', 'export.emailed', 'error.export-unsuccessful']);
  });
});
