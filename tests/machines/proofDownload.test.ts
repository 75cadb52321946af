import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DownloadedFile } from '../../adapters/ports';
import { proofDownloadMachine, type ProofDownloadContext, type ProofDownloadRequest } from '../../machines';
import { effectExactlyWhen, type EffectOracle } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';

const apiError = (translationKey: string) => Object.assign(new Error(translationKey), { translationKey });
const oneOrder: ProofDownloadRequest = { kind: 'order', orderId: 'o-1' };
const period: ProofDownloadRequest = { kind: 'period', body: { vendor_id: 'v-1', from: 100, to: 200, include_outlets: true } };
const zip: DownloadedFile = { file: new Blob(['PK']), fileName: 'proofs-o-1.zip' };

describe('proofDownload: spec', () => {
  it('saves the archive the server sends, and after a failure asks again for the same one', async () => {
    const asked: ProofDownloadRequest[] = [];
    const saved: string[] = [];
    const answers: (DownloadedFile | Error)[] = [apiError('error.role-forbidden'), zip];
    const actor = createActor(proofDownloadMachine.provide({
      actors: {
        downloadProofs: fromPromise<DownloadedFile, ProofDownloadRequest>(async ({ input }) => {
          asked.push(input);
          const next = answers.shift();
          if (!next || next instanceof Error) throw next ?? new Error('none');
          return next;
        }),
      },
      actions: { saveFile: (_, params) => saved.push(params.fileName) },
    })).start();
    actor.send({ type: 'download.requested', request: period });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toBe('error.role-forbidden');
    expect(saved).toEqual([]);
    actor.send({ type: 'retry.requested' });
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(done.context.error).toBeNull();
    expect(saved).toEqual(['proofs-o-1.zip']);
    expect(asked).toEqual([period, period]);
  });
});

// The model: either archive asked for in every state, answered, failed and retried.

const contextOf = (snapshot: { context: unknown } | null) => snapshot?.context as ProofDownloadContext | undefined;

const oracles: EffectOracle[] = [
  effectExactlyWhen(
    'issue 27: the archive is saved once each time the server sends it, never on a failure',
    'saveFile',
    ({ event }) => event.type === 'xstate.done.actor.downloadProofs',
    () => zip,
  ),
  {
    rule: 'issue 27: the server is asked for the archive last requested, on each request and each retry, and nothing else',
    path: (steps) => {
      const started = steps.at(-1)?.replay.started.downloadProofs ?? [];
      const expected: ProofDownloadRequest[] = [];
      let last: ProofDownloadRequest | null = null;
      for (const { event, before, after } of steps) {
        if (!before?.matches('downloading') && after.matches('downloading')) {
          if (event.type === 'download.requested') last = (event as unknown as { request: ProofDownloadRequest }).request;
          expected.push(last as ProofDownloadRequest);
        }
      }
      expect(started).toEqual(expected);
    },
  },
  {
    rule: 'issue 27: a failure shows its translated reason until the next attempt',
    step: ({ event, after }) => {
      // The server's key, or the offline message for a failure with nothing to show.
      if (event.type === 'xstate.error.actor.downloadProofs') {
        const { error } = event as unknown as { error: Error & { translationKey?: string } };
        expect(contextOf(after)?.error).toBe(error.translationKey ?? 'error.offline');
      }
      if (after.matches('downloading') || after.matches('done') || after.matches('idle')) expect(contextOf(after)?.error).toBeNull();
    },
  },
];

const model: PathModel = {
  machine: proofDownloadMachine,
  strategy: 'shortest',
  effects: ['saveFile'],
  oracles,
  events: [
    { type: 'download.requested', request: oneOrder },
    { type: 'download.requested', request: period },
    { type: 'retry.requested' },
    { type: 'xstate.done.actor.downloadProofs', output: zip },
    { type: 'xstate.error.actor.downloadProofs', error: apiError('error.not-found') },
    { type: 'xstate.error.actor.downloadProofs', error: new Error('') },
  ],
};

const paths: ModelPath[] = generatePaths(model);

describe('proofDownload: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot) => {
        // One download at a time: no second request while the server is still sending.
        if (snapshot.matches('downloading')) expect(snapshot.can({ type: 'download.requested', request: oneOrder })).toBe(false);
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('proofDownload', paths));
});
