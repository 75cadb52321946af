import { assign, setup } from 'xstate';
import type { EmailPreview, EmailPreviewQuery } from '../adapters/ports';
import type { NotificationEvent } from '../domain/recipientNotifications';
import { promiseNotProvided } from './notProvided';
import { errorMessageOf } from './submit';

// Settings → Notifications' e-mail preview: the recipient's e-mail for one event, in one language of
// the outlet's country, as the server renders it. Choosing another event, language or outlet asks
// again (the answer to an older choice is dropped); a failed read says why and can be retried. The
// call is provided by the app.

export interface EmailPreviewContext {
  vendorId: string;
  event: NotificationEvent;
  /** A locale of the outlet's country, or null for the country's default (as an order without one). */
  language: string | null;
  preview: EmailPreview | null;
  /** Why the preview could not be read: a translation key. */
  loadError: string | null;
}

export type EmailPreviewEvent =
  | { type: 'choice.changed'; event?: NotificationEvent; language?: string | null }
  | { type: 'outlet.selected'; vendorId: string }
  | { type: 'retry.requested' };

export interface EmailPreviewInput {
  vendorId: string;
  event: NotificationEvent;
  language: string | null;
}

const queryOf = (context: EmailPreviewContext): { vendorId: string; query: EmailPreviewQuery } => ({
  vendorId: context.vendorId,
  query: { event: context.event, ...(context.language !== null ? { language: context.language } : {}) },
});

export const emailPreviewMachine = setup({
  types: {
    context: {} as EmailPreviewContext,
    events: {} as EmailPreviewEvent,
    input: {} as EmailPreviewInput,
  },
  actors: {
    loadPreview: promiseNotProvided<EmailPreview, { vendorId: string; query: EmailPreviewQuery }>('loadPreview'),
  },
  guards: {
    isNewChoice: ({ context, event }) =>
      event.type === 'choice.changed' && ((event.event !== undefined && event.event !== context.event) || (event.language !== undefined && event.language !== context.language)),
    isOtherOutlet: ({ context, event }) => event.type === 'outlet.selected' && event.vendorId !== context.vendorId,
  },
  actions: {
    choose: assign(({ context, event }) => (event.type === 'choice.changed' ? { event: event.event ?? context.event, language: event.language === undefined ? context.language : event.language } : {})),
    // Another outlet has another name (and maybe other languages): its preview starts from the default language.
    selectOutlet: assign(({ event }) => (event.type === 'outlet.selected' ? { vendorId: event.vendorId, language: null, preview: null } : {})),
  },
}).createMachine({
  id: 'emailPreview',
  initial: 'loading',
  context: ({ input }) => ({ vendorId: input.vendorId, event: input.event, language: input.language, preview: null, loadError: null }),
  on: {
    'choice.changed': { guard: 'isNewChoice', target: '.loading', reenter: true, actions: 'choose' },
    'outlet.selected': { guard: 'isOtherOutlet', target: '.loading', reenter: true, actions: 'selectOutlet' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadPreview',
        src: 'loadPreview',
        input: ({ context }) => queryOf(context),
        onDone: { target: 'shown', actions: assign({ preview: ({ event }) => event.output, loadError: null }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorMessageOf(event.error, 'error.offline') }) },
      },
    },
    shown: {},
    failed: {
      on: { 'retry.requested': { target: 'loading' } },
    },
  },
});
