import { assign, setup } from 'xstate';
import type { NotificationSettingsBody } from '../adapters/ports';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  normaliseNotificationSettings,
  type NotificationChannel,
  type NotificationEvent,
  type RecipientNotificationSettings,
} from '../domain/recipientNotifications';
import { promiseNotProvided } from './notProvided';
import { errorMessageOf } from './submit';

// Settings → Notifications: which order events an outlet announces to the recipient, by e-mail and
// by SMS. Loads the chosen outlet's settings; the vendor ticks events on a draft; save sends the
// whole draft (in the domain's order) and shows what the server kept. Choosing another outlet drops
// an unsaved draft and loads that outlet. A refused save keeps the draft and says why with the
// server's translation key. The calls are provided by the app.

export interface NotificationSettingsContext {
  vendorId: string;
  /** What the server holds for the outlet. */
  saved: RecipientNotificationSettings;
  /** What the form shows: the saved settings with the vendor's unsaved ticks. */
  draft: RecipientNotificationSettings;
  /** Why the settings could not load: a translation key. */
  loadError: string | null;
  /** Why the last save was refused: a translation key. */
  saveError: string | null;
  /** The last save went through and nothing was ticked since ("Saved"). */
  justSaved: boolean;
}

export type NotificationSettingsEvent =
  | { type: 'outlet.selected'; vendorId: string }
  | { type: 'event.toggled'; channel: NotificationChannel; event: NotificationEvent; on: boolean }
  | { type: 'save.requested' }
  | { type: 'retry.requested' };

/** Whether the draft differs from what the server holds (the save button's state). */
export function hasUnsavedChanges(context: Pick<NotificationSettingsContext, 'saved' | 'draft'>): boolean {
  const saved = normaliseNotificationSettings(context.saved);
  const draft = normaliseNotificationSettings(context.draft);
  return JSON.stringify(saved) !== JSON.stringify(draft);
}

function toggled(settings: RecipientNotificationSettings, channel: NotificationChannel, event: NotificationEvent, on: boolean): RecipientNotificationSettings {
  const others = settings[channel].filter((known) => known !== event);
  return normaliseNotificationSettings({ ...settings, [channel]: on ? [...others, event] : others });
}

const fresh = { saved: DEFAULT_NOTIFICATION_SETTINGS, draft: DEFAULT_NOTIFICATION_SETTINGS, loadError: null, saveError: null, justSaved: false };

export const notificationSettingsMachine = setup({
  types: {
    context: {} as NotificationSettingsContext,
    events: {} as NotificationSettingsEvent,
    input: {} as { vendorId: string },
  },
  actors: {
    loadSettings: promiseNotProvided<NotificationSettingsBody, { vendorId: string }>('loadSettings'),
    saveSettings: promiseNotProvided<NotificationSettingsBody, { vendorId: string; settings: NotificationSettingsBody }>('saveSettings'),
  },
  actions: {
    selectOutlet: assign(({ event }) => (event.type === 'outlet.selected' ? { vendorId: event.vendorId, ...fresh } : {})),
  },
  guards: {
    otherOutlet: ({ context, event }) => event.type === 'outlet.selected' && event.vendorId !== context.vendorId,
    changed: ({ context }) => hasUnsavedChanges(context),
  },
}).createMachine({
  id: 'notificationSettings',
  initial: 'loading',
  context: ({ input }) => ({ vendorId: input.vendorId, ...fresh }),
  on: {
    // Another outlet is loaded afresh from any state; a save under way is left to finish on the server
    // (a PUT of the whole settings) and its answer ignored.
    'outlet.selected': { guard: 'otherOutlet', target: '.loading', reenter: true, actions: 'selectOutlet' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        input: ({ context }) => ({ vendorId: context.vendorId }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => {
            const settings = normaliseNotificationSettings(event.output);
            return { saved: settings, draft: settings, loadError: null };
          }),
        },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorMessageOf(event.error, 'error.offline') }) },
      },
    },
    failed: {
      on: { 'retry.requested': { target: 'loading' } },
    },
    ready: {
      on: {
        'event.toggled': {
          actions: assign({
            draft: ({ context, event }) => toggled(context.draft, event.channel, event.event, event.on),
            justSaved: false,
            saveError: null,
          }),
        },
        'save.requested': { guard: 'changed', target: 'saving', actions: assign({ saveError: null, justSaved: false }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({ vendorId: context.vendorId, settings: normaliseNotificationSettings(context.draft) }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => {
            const settings = normaliseNotificationSettings(event.output);
            return { saved: settings, draft: settings, justSaved: true };
          }),
        },
        // The draft stays, so the vendor can fix it or try again.
        onError: { target: 'ready', actions: assign({ saveError: ({ event }) => errorMessageOf(event.error, 'error.offline') }) },
      },
    },
  },
});
