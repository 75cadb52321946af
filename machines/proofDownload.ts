import { assertEvent, assign, setup } from 'xstate';
import type { DownloadedFile, ExportProofsBody } from '../adapters/ports';
import { promiseNotProvided } from './notProvided';
import { errorMessageOf } from './submit';

// Downloading the proof archive (issue #27 "Proof archive"): one order's proofs from its drawer, or a
// period's from History, each a ZIP the server streams. The file is handed to the app's save port;
// a failure keeps the request so "Try again" asks for the same archive. The call is provided by the app.

/** Which archive: one order's proofs, or the proofs of a period (and the outlet toggle). */
export type ProofDownloadRequest = { kind: 'order'; orderId: string } | { kind: 'period'; body: ExportProofsBody };

export interface ProofDownloadContext {
  /** The archive last asked for, kept for a retry. */
  request: ProofDownloadRequest | null;
  /** Why the last download failed: a translation key (the server's, else the offline message). */
  error: string | null;
}

export type ProofDownloadEvent = { type: 'download.requested'; request: ProofDownloadRequest } | { type: 'retry.requested' };

export const proofDownloadMachine = setup({
  types: {
    context: {} as ProofDownloadContext,
    events: {} as ProofDownloadEvent,
  },
  actors: {
    downloadProofs: promiseNotProvided<DownloadedFile, ProofDownloadRequest>('downloadProofs'),
  },
  actions: {
    saveFile: (_, _params: DownloadedFile) => {},
    rememberRequest: assign({
      request: ({ event }) => {
        assertEvent(event, 'download.requested');
        return event.request;
      },
    }),
  },
}).createMachine({
  id: 'proofDownload',
  initial: 'idle',
  context: { request: null, error: null },
  states: {
    idle: { on: { 'download.requested': { target: 'downloading', actions: 'rememberRequest' } } },
    downloading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'downloadProofs',
        src: 'downloadProofs',
        // Entered only with a request: from download.requested, or a retry of a failed one.
        input: ({ context }) => context.request as ProofDownloadRequest,
        onDone: { target: 'done', actions: { type: 'saveFile', params: ({ event }) => ({ file: event.output.file, fileName: event.output.fileName }) } },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessageOf(event.error, 'error.offline') }) },
      },
    },
    // Saved; another archive (another period) can be asked for.
    done: { on: { 'download.requested': { target: 'downloading', actions: 'rememberRequest' } } },
    failed: { on: { 'download.requested': { target: 'downloading', actions: 'rememberRequest' }, 'retry.requested': { target: 'downloading' } } },
  },
});
