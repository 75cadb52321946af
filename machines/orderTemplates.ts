import { assign, setup } from 'xstate';
import type { OrderTemplate, OrderTemplateBody } from '../domain/api';
import { promiseNotProvided } from './notProvided';
import { errorMessageOf } from './submit';
import type { ToastParams } from './toasts';

// An outlet's saved order templates (issue #27): the list offered next to the address book in the
// request flow and on the templates screen. A filled-in request is saved under a name; a template
// is renamed or deleted (after a confirmation). The list changes only when the server confirmed.
// A refused change is an error toast with the server's translation key.

export interface OrderTemplatesInput {
  vendorId: string;
}

export interface OrderTemplatesContext extends OrderTemplatesInput {
  templates: OrderTemplate[];
  /** The template being renamed or deleted. */
  selectedId: string | null;
  /** The body being sent (a new template, or the renamed one). */
  pending: OrderTemplateBody | null;
}

export type OrderTemplatesEvent =
  | { type: 'save.requested'; template: OrderTemplateBody }
  | { type: 'rename.started'; templateId: string }
  | { type: 'rename.submitted'; name: string }
  | { type: 'rename.cancelled' }
  | { type: 'delete.requested'; templateId: string }
  | { type: 'delete.confirmed' }
  | { type: 'delete.cancelled' }
  | { type: 'retry.requested' };

export const TEMPLATE_TEXTS = {
  saved: 'templates.toast.saved',
  renamed: 'templates.toast.renamed',
  deleted: 'templates.toast.deleted',
  nameRequired: 'templates.error.name-required',
} as const;

const toast = (kind: ToastParams['kind'], message: string): ToastParams => ({ kind, message, topic: 'order-templates' });
const failureToast = (error: unknown) => toast('error', errorMessageOf(error, 'error.offline'));
/** The list as the server orders it: by name. */
const byName = (templates: OrderTemplate[]) => [...templates].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
/** A template's fields as a body, to send it back under another name. */
const bodyOf = ({ id: _id, vendor_id: _vendor, created_at: _created, updated_at: _updated, ...body }: OrderTemplate): OrderTemplateBody => body;

export const orderTemplatesMachine = setup({
  types: {
    context: {} as OrderTemplatesContext,
    events: {} as OrderTemplatesEvent,
    input: {} as OrderTemplatesInput,
  },
  actors: {
    listTemplates: promiseNotProvided<OrderTemplate[], { vendorId: string }>('listTemplates'),
    createTemplate: promiseNotProvided<OrderTemplate, { vendorId: string; template: OrderTemplateBody }>('createTemplate'),
    updateTemplate: promiseNotProvided<OrderTemplate, { vendorId: string; templateId: string; template: OrderTemplateBody }>('updateTemplate'),
    deleteTemplate: promiseNotProvided<void, { vendorId: string; templateId: string }>('deleteTemplate'),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    putTemplate: assign(({ context }, saved: OrderTemplate) => ({
      templates: byName([...context.templates.filter((template) => template.id !== saved.id), saved]),
      selectedId: null,
      pending: null,
    })),
    dropSelected: assign(({ context }) => ({ templates: context.templates.filter((template) => template.id !== context.selectedId), selectedId: null })),
    forgetSelection: assign({ selectedId: null, pending: null }),
  },
  guards: {
    nameMissing: ({ event }) =>
      (event.type === 'save.requested' && event.template.name.trim() === '') || (event.type === 'rename.submitted' && event.name.trim() === ''),
    known: ({ context, event }) =>
      (event.type === 'rename.started' || event.type === 'delete.requested') && context.templates.some((template) => template.id === event.templateId),
  },
}).createMachine({
  id: 'orderTemplates',
  initial: 'loading',
  context: ({ input }) => ({ ...input, templates: [], selectedId: null, pending: null }),
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'listTemplates',
        src: 'listTemplates',
        input: ({ context }) => ({ vendorId: context.vendorId }),
        onDone: { target: 'ready', actions: assign({ templates: ({ event }) => byName(event.output) }) },
        onError: { target: 'failed' },
      },
    },
    failed: {
      tags: 'loadFailed',
      on: { 'retry.requested': { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'save.requested': [
              { guard: 'nameMissing', actions: { type: 'toast', params: toast('error', TEMPLATE_TEXTS.nameRequired) } },
              { target: 'creating', actions: assign({ pending: ({ event }) => ({ ...event.template, name: event.template.name.trim() }) }) },
            ],
            'rename.started': { guard: 'known', target: 'renaming', actions: assign({ selectedId: ({ event }) => event.templateId }) },
            'delete.requested': { guard: 'known', target: 'confirmingDelete', actions: assign({ selectedId: ({ event }) => event.templateId }) },
          },
        },
        creating: {
          tags: 'busy',
          invoke: {
            id: 'createTemplate',
            src: 'createTemplate',
            input: ({ context }) => ({ vendorId: context.vendorId, template: context.pending! }),
            onDone: { target: 'idle', actions: [{ type: 'putTemplate', params: ({ event }) => event.output }, { type: 'toast', params: toast('success', TEMPLATE_TEXTS.saved) }] },
            onError: { target: 'idle', actions: ['forgetSelection', { type: 'toast', params: ({ event }) => failureToast(event.error) }] },
          },
        },
        renaming: {
          tags: 'renaming',
          on: {
            'rename.submitted': [
              { guard: 'nameMissing', actions: { type: 'toast', params: toast('error', TEMPLATE_TEXTS.nameRequired) } },
              {
                target: 'updating',
                actions: assign({
                  pending: ({ context, event }) => ({ ...bodyOf(context.templates.find((template) => template.id === context.selectedId)!), name: event.name.trim() }),
                }),
              },
            ],
            'rename.cancelled': { target: 'idle', actions: 'forgetSelection' },
          },
        },
        updating: {
          tags: ['renaming', 'busy'],
          invoke: {
            id: 'updateTemplate',
            src: 'updateTemplate',
            input: ({ context }) => ({ vendorId: context.vendorId, templateId: context.selectedId ?? '', template: context.pending! }),
            onDone: { target: 'idle', actions: [{ type: 'putTemplate', params: ({ event }) => event.output }, { type: 'toast', params: toast('success', TEMPLATE_TEXTS.renamed) }] },
            // The name stays open for another try.
            onError: { target: 'renaming', actions: { type: 'toast', params: ({ event }) => failureToast(event.error) } },
          },
        },
        confirmingDelete: {
          tags: 'confirmingDelete',
          on: {
            'delete.confirmed': { target: 'deleting' },
            'delete.cancelled': { target: 'idle', actions: 'forgetSelection' },
          },
        },
        deleting: {
          tags: ['confirmingDelete', 'busy'],
          invoke: {
            id: 'deleteTemplate',
            src: 'deleteTemplate',
            input: ({ context }) => ({ vendorId: context.vendorId, templateId: context.selectedId ?? '' }),
            onDone: { target: 'idle', actions: ['dropSelected', { type: 'toast', params: toast('success', TEMPLATE_TEXTS.deleted) }] },
            onError: { target: 'idle', actions: ['forgetSelection', { type: 'toast', params: ({ event }) => failureToast(event.error) }] },
          },
        },
      },
    },
  },
});

/** The template being renamed or deleted. */
export const selectedTemplateOf = (context: OrderTemplatesContext): OrderTemplate | null =>
  context.templates.find((template) => template.id === context.selectedId) ?? null;
