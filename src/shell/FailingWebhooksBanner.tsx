import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import styled from 'styled-components';
import { fromCallback, fromPromise } from 'xstate';
import { createBrowserPageAttention } from '../../adapters/pageAttention';
import type { ApiClient, LiveChannel, LiveSubscription, PageAttention, WebhookEndpoint } from '../../adapters/ports';
import { failingWebhooksMachine, type FailingWebhooksEvent, type HealthWatchCommand } from '../../machines/failingWebhooks';
import { inspectOptions } from '../app/inspector';
import { useWebhookChanges, type WebhookChanges } from '../app/webhooks/WebhookChangesContext';
import { Notice } from '../components/Notice';
import { useOrdersServices } from '../components/orders/OrdersServicesContext';
import { useT } from '../i18n/useT';
import { tokens } from '../theme/theme';

/** The banner's machine with its effects: the API client's endpoint list, the Webhooks page's
 * announcements, the user coming back to the page and the server's notices on the tab's shared live
 * socket (subscribed at the machine's first `listen`). */
export function provideFailingWebhooks(api: ApiClient, changes: WebhookChanges, attention: PageAttention, live: LiveChannel) {
  return failingWebhooksMachine.provide({
    actors: {
      listWebhooks: fromPromise<WebhookEndpoint[], void>(() => api.listWebhooks()),
      watchEndpointChanges: fromCallback<FailingWebhooksEvent, void>(({ sendBack }) => changes.subscribe(() => sendBack({ type: 'endpoints.changed' }))),
      watchPageReturn: fromCallback<FailingWebhooksEvent, void>(({ sendBack }) => attention.onReturn(() => sendBack({ type: 'page.returned' }))),
      watchHealthNotices: fromCallback<HealthWatchCommand, void>(({ sendBack, receive }) => {
        let subscription: LiveSubscription | null = null;
        let connections = 0;
        const changed = () => sendBack({ type: 'endpoints.changed' });
        receive(() => {
          subscription ??= live.subscribe({ action: 'subscribeToWebhookHealth' }, {
            // The first connection follows the list just read; after a reconnect a notice may have
            // gone by while the socket was down, so the list is read again.
            onConnected: () => { if (connections++ > 0) changed(); },
            onMessage: (message) => { if (message.type === 'webhook_health') changed(); },
          });
        });
        return () => subscription?.close();
      }),
    },
  });
}

/**
 * Across the signed-in app: a warning while any of the account's webhook endpoints is failing (a
 * delivery ran out of its 24 h of retries), linking to Settings → Developers → Webhooks. It follows
 * the endpoints (machines/failingWebhooks.ts): gone after a fix, shown when a failure starts (at once
 * through the live socket, else at the next read), and says how many fail. Render
 * it only for a vendor user (the shell decides, as for the Developers link).
 */
export function FailingWebhooksBanner() {
  const t = useT();
  const { api, live } = useOrdersServices();
  const changes = useWebhookChanges();
  const machine = useMemo(() => provideFailingWebhooks(api, changes, createBrowserPageAttention(), live), [api, changes, live]);
  const actor = useActorRef(machine, inspectOptions());
  const failing = useSelector(actor, (snapshot) => snapshot.context.failing);
  if (failing.length === 0) return null;
  return (
    <Banner data-testid="failing-webhooks-banner">
      <Notice kind="warning">
        {t('webhooks.failing-banner.count', { count: failing.length })}{' '}
        <Link to="/settings/developers" hash="webhooks-heading">{t('webhooks.failing-banner.link')}</Link>
      </Notice>
    </Banner>
  );
}

const Banner = styled.div`
  padding: ${tokens.space(2)} ${tokens.space(4)} 0;
  @media (min-width: ${tokens.desktop}) { padding: ${tokens.space(2)} ${tokens.space(8)} 0; }
`;
