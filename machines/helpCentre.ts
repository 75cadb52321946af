import { assign, setup } from 'xstate';
import { LIMITS } from '../domain';
import { promiseNotProvided } from './notProvided';
import type { ToastParams } from './toasts';

// The help-centre widget (SPEC §2 floating button with an iframe and a close button; §7 help-centre
// token "refreshed periodically (one hour minus five minutes)"). Opening fetches the token and inits
// the help-centre service, which answers the widget URL; while the widget stays open the token is
// renewed before its hour runs out, so the framed session never outlives its verification token.

export interface HelpCentreContext {
  vendorId: string | null;
  url: string | null;
}

export type HelpCentreEvent = { type: 'widget.opened'; vendorId: string } | { type: 'widget.closed' } | { type: 'widget.retried' };

export const HELP_CENTRE_FAILED = 'help-center.failed';

export const helpCentreMachine = setup({
  types: {
    context: {} as HelpCentreContext,
    events: {} as HelpCentreEvent,
  },
  actors: {
    /** Token then init (SPEC §7): answers the widget URL. */
    startHelpCentre: promiseNotProvided<string, { vendorId: string }>('startHelpCentre'),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
  },
  delays: {
    tokenRefresh: LIMITS.helpCentreTokenRefreshMs,
  },
}).createMachine({
  id: 'helpCentre',
  context: { vendorId: null, url: null },
  initial: 'closed',
  on: {
    'widget.opened': { target: '.loading', actions: assign({ vendorId: ({ event }) => event.vendorId, url: null }) },
  },
  states: {
    closed: {},
    loading: {
      invoke: {
        id: 'startHelpCentre',
        src: 'startHelpCentre',
        input: ({ context }) => ({ vendorId: context.vendorId ?? '' }),
        onDone: { target: 'open', actions: assign({ url: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'toast', params: { kind: 'error', message: HELP_CENTRE_FAILED } } },
      },
      on: { 'widget.closed': 'closed' },
    },
    failed: {
      on: { 'widget.retried': 'loading', 'widget.closed': 'closed' },
    },
    open: {
      initial: 'showing',
      on: { 'widget.closed': { target: 'closed', actions: assign({ url: null }) } },
      states: {
        showing: { after: { tokenRefresh: 'refreshing' } },
        // The current frame stays up while the fresh token is fetched.
        refreshing: {
          invoke: {
            id: 'refreshHelpCentre',
            src: 'startHelpCentre',
            input: ({ context }) => ({ vendorId: context.vendorId ?? '' }),
            onDone: { target: 'showing', actions: assign({ url: ({ event }) => event.output }) },
            // A failed renewal is tried again after the next interval; the open frame keeps working.
            onError: { target: 'showing' },
          },
        },
      },
    },
  },
});
