import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ApiClient, NotificationSettingsBody } from '../../../adapters/ports';
import { notificationSettingsMachine } from '../../../machines/notificationSettings';
import { inspectOptions } from '../../app/inspector';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';

/** The Notifications page's machine with its effects: the settings calls of the API client. */
export function provideNotificationSettings(api: ApiClient) {
  return notificationSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise<NotificationSettingsBody, { vendorId: string }>(({ input }) => api.getNotificationSettings(input.vendorId)),
      saveSettings: fromPromise<NotificationSettingsBody, { vendorId: string; settings: NotificationSettingsBody }>(({ input }) =>
        api.saveNotificationSettings(input.vendorId, input.settings)),
    },
  });
}

/** The machine for `vendorId`; a change of outlet is sent to it as `outlet.selected`. */
export function useNotificationSettings(vendorId: string) {
  const services = useOrdersServices();
  const machine = useMemo(() => provideNotificationSettings(services.api), [services.api]);
  const actor = useActorRef(machine, { ...inspectOptions(), input: { vendorId } });
  useEffect(() => actor.send({ type: 'outlet.selected', vendorId }), [actor, vendorId]);
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
