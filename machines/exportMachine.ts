import { assign, setup } from 'xstate';
import type { ExportOrdersBody, ExportResult } from '../adapters/ports';
import { promiseNotProvided } from './notProvided';
import type { ToastParams } from './toasts';

// Exporting the history (SPEC §2 "export; format selectable; download or emailed report"): the server
// writes the file (formula injection neutralised there); the browser saves it or names the mailbox.

export type ExportEvent = { type: 'export.requested'; body: ExportOrdersBody };

export interface ExportContext {
  /** Where the last e-mailed report went. */
  emailedTo: string | null;
}

type FileResult = Extract<ExportResult, { kind: 'file' }>;
type EmailedResult = Extract<ExportResult, { kind: 'emailed' }>;

export const exportMachine = setup({
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
  },
  actors: {
    exportOrders: promiseNotProvided<ExportResult, ExportOrdersBody>('exportOrders'),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    saveFile: (_, _params: { file: Blob; fileName: string }) => {},
  },
}).createMachine({
  id: 'ordersExport',
  initial: 'idle',
  context: { emailedTo: null },
  states: {
    idle: {
      on: { 'export.requested': { target: 'exporting' } },
    },
    exporting: {
      invoke: {
        id: 'exportOrders',
        src: 'exportOrders',
        input: ({ event }) => (event as ExportEvent).body,
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'file',
            target: 'idle',
            actions: [
              {
                type: 'saveFile',
                params: ({ event }) => {
                  const { file, fileName } = event.output as FileResult;
                  return { file, fileName };
                },
              },
              { type: 'toast', params: { kind: 'success', message: 'export.downloaded' } },
            ],
          },
          {
            // Not a file: the report was e-mailed (ExportResult has no third kind).
            target: 'idle',
            actions: [
              assign({ emailedTo: ({ event }) => (event.output as EmailedResult).emailedTo }),
              {
                type: 'toast',
                params: ({ event }) => ({
                  kind: 'success' as const,
                  message: 'export.emailed',
                  values: { email: (event.output as EmailedResult).emailedTo },
                }),
              },
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: { type: 'toast', params: { kind: 'error', message: 'error.export-unsuccessful' } },
        },
      },
    },
  },
});
