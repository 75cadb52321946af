import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import type { ApiClient, WebhookEndpoint } from '../../adapters/ports';
import { failingWebhooksMachine } from '../../machines/failingWebhooks';
import { inspectOptions } from '../app/inspector';
import { Notice } from '../components/Notice';
import { useOrdersServices } from '../components/orders/OrdersServicesContext';
import { useT } from '../i18n/useT';
import { tokens } from '../theme/theme';

/** The banner's machine with its one effect: the API client's endpoint list. */
export function provideFailingWebhooks(api: ApiClient) {
  return failingWebhooksMachine.provide({
    actors: { listWebhooks: fromPromise<WebhookEndpoint[], void>(() => api.listWebhooks()) },
  });
}

/**
 * Across the signed-in app: a warning while any of the account's webhook endpoints is failing (a
 * delivery ran out of its 24 h of retries), linking to Settings → Developers → Webhooks. Render it
 * only for a vendor user (the shell decides, as for the Developers link).
 */
export function FailingWebhooksBanner() {
  const t = useT();
  const { api } = useOrdersServices();
  const machine = useMemo(() => provideFailingWebhooks(api), [api]);
  const actor = useActorRef(machine, inspectOptions());
  const failing = useSelector(actor, (snapshot) => snapshot.context.failing);
  if (failing.length === 0) return null;
  return (
    <Banner data-testid="failing-webhooks-banner">
      <Notice kind="warning">
        {t('webhooks.failing-banner')}{' '}
        <Link to="/settings/developers" hash="webhooks-heading">{t('webhooks.failing-banner.link')}</Link>
      </Notice>
    </Banner>
  );
}

const Banner = styled.div`
  padding: ${tokens.space(2)} ${tokens.space(4)} 0;
  @media (min-width: ${tokens.desktop}) { padding: ${tokens.space(2)} ${tokens.space(8)} 0; }
`;
