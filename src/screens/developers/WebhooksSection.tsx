import { useState } from 'react';
import styled from 'styled-components';
import { WEBHOOK_EVENT_TYPES, type WebhookDelivery, type WebhookDeliveryState, type WebhookEndpoint, type WebhookEventType } from '../../../domain/api';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { useVendors } from '../../app/vendors/VendorsContext';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Notice } from '../../components/Notice';
import { Card } from '../../components/Page';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { formatDateTime } from '../../i18n/format';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { useCountry } from '../../shell/useCountry';
import { tokens } from '../../theme/theme';
import { DataTable } from '../../components/DataTable';
import { ConfirmRemoval, ListStatus, ShownOnceSecret, Stack } from './developerParts';
import { useWebhooks } from './useWebhooks';

const RESULTS: readonly WebhookDeliveryState[] = ['pending', 'succeeded', 'failed'];
const resultKey = (state: WebhookDeliveryState) => `developers.webhooks.result.${state}` as const;

/**
 * Settings → Developers → Webhooks: endpoints (add with the secret shown once, rotate, delete), a
 * failing endpoint's notice, and one endpoint's delivery log with resend and "Send test event".
 * Event types are shown as the API names them (`order.created`): they are what the receiver reads.
 */
export function WebhooksSection() {
  const t = useT();
  const message = useMessage();
  const { actor, snapshot } = useWebhooks();
  const { endpoints, revealed, actionError, selected, deliveries, filter } = snapshot.context;
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const open = endpoints.find((endpoint) => endpoint.endpoint_id === selected) ?? null;
  return (
    <Card aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">{t('developers.webhooks.title')}</h2>
      <Muted>{t('developers.webhooks.intro')}</Muted>
      {revealed && (
        <ShownOnceSecret
          label={t('developers.webhooks.secret-label')}
          value={revealed.secret}
          testId="revealed-webhook-secret"
          dismissLabel={t('developers.keys.dismiss')}
          onDismiss={() => actor.send({ type: 'secret.dismissed' })}
        />
      )}
      {actionError && <Notice kind="error">{message(actionError)}</Notice>}
      <AddEndpointForm busy={snapshot.matches('creating')} onAdd={(endpoint) => actor.send({ type: 'create.submitted', endpoint })} />
      <ListStatus
        loading={snapshot.matches('loading')}
        failed={snapshot.matches('failed')}
        empty={endpoints.length === 0}
        failedText={t('developers.webhooks.load-failed')}
        emptyText={t('developers.webhooks.empty')}
        onRetry={() => actor.send({ type: 'retry.requested' })}
      />
      {endpoints.map((endpoint) => (
        <EndpointRow key={endpoint.endpoint_id} data-testid="webhook-endpoint" aria-label={endpoint.url}>
          <code dir="ltr">{endpoint.url}</code>
          <EventNames>{endpoint.events.join(', ')}</EventNames>
          {endpoint.failing_since !== null && <Notice kind="error">{t('developers.webhooks.failing')}</Notice>}
          <Actions>
            <Button variant="secondary" onClick={() => actor.send({ type: 'log.opened', endpointId: endpoint.endpoint_id })}>{t('developers.webhooks.log')}</Button>
            <Button variant="secondary" loading={snapshot.matches('rotating') && snapshot.context.target === endpoint.endpoint_id} onClick={() => actor.send({ type: 'rotate.requested', endpointId: endpoint.endpoint_id })}>
              {t('developers.webhooks.rotate')}
            </Button>
            <Button variant="secondary" onClick={() => setDeleting(endpoint)}>{t('developers.webhooks.delete')}</Button>
          </Actions>
        </EndpointRow>
      ))}
      {open && (
        <section aria-labelledby="webhook-log-heading">
          <h3 id="webhook-log-heading">{t('developers.webhooks.log')}: <code dir="ltr">{open.url}</code></h3>
          <Actions>
            <Select
              label={t('developers.webhooks.result')}
              value={filter.result ?? ''}
              onValueChange={(value) => {
                const result = RESULTS.find((state) => state === value);
                actor.send({ type: 'log.filtered', filter: result ? { result } : {} });
              }}
              options={[{ value: '', label: t('developers.webhooks.all') }, ...RESULTS.map((state) => ({ value: state, label: t(resultKey(state)) }))]}
            />
            <Button variant="secondary" loading={snapshot.matches('testing')} onClick={() => actor.send({ type: 'test.requested' })}>{t('developers.webhooks.send-test')}</Button>
            <Button variant="secondary" loading={snapshot.matches('loadingLog')} onClick={() => actor.send({ type: 'log.refreshed' })}>{t('common.retry')}</Button>
          </Actions>
          {deliveries.length === 0 && !snapshot.matches('loadingLog') && <p>{t('developers.webhooks.log-empty')}</p>}
          {deliveries.length > 0 && (
            <DeliveryTable
              deliveries={deliveries}
              resending={snapshot.matches('resending') ? snapshot.context.target : null}
              onResend={(deliveryId) => actor.send({ type: 'resend.requested', deliveryId })}
            />
          )}
        </section>
      )}
      <ConfirmRemoval
        target={deleting}
        title={t('developers.webhooks.delete-title')}
        description={t('developers.webhooks.delete-description')}
        submitLabel={t('developers.webhooks.delete')}
        loading={snapshot.matches('deleting')}
        onConfirm={(endpoint) => actor.send({ type: 'delete.requested', endpointId: endpoint.endpoint_id })}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}

function AddEndpointForm({ busy, onAdd }: { busy: boolean; onAdd: (endpoint: { vendor_id: string; url: string; events: WebhookEventType[] }) => void }) {
  const t = useT();
  const { vendors } = useVendors();
  const [vendorId, setVendorId] = useState('');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<readonly WebhookEventType[]>(WEBHOOK_EVENT_TYPES);
  const toggle = (type: WebhookEventType, on: boolean) => setEvents((current) => (on ? [...current, type] : current.filter((known) => known !== type)));
  const chosenVendor = vendorId || vendors[0]?.vendor_id || '';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onAdd({ vendor_id: chosenVendor, url, events: WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)) });
      }}
    >
      <Stack>
        <Select label={t('developers.webhooks.branch')} value={chosenVendor} onValueChange={setVendorId} options={vendors.map((vendor) => ({ value: vendor.vendor_id, label: vendor.name }))} />
        <TextField label={t('developers.webhooks.url')} value={url} onValueChange={setUrl} maxLength={2048} dir="ltr" inputMode="url" />
        <fieldset>
          <legend>{t('developers.webhooks.events')}</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox key={type} checked={events.includes(type)} onCheckedChange={(on) => toggle(type, on)} label={<code dir="ltr">{type}</code>} />
          ))}
        </fieldset>
        <div>
          <Button type="submit" loading={busy}>{t('developers.webhooks.add')}</Button>
        </div>
      </Stack>
    </form>
  );
}

function DeliveryTable({ deliveries, resending, onResend }: { deliveries: readonly WebhookDelivery[]; resending: string | null; onResend: (deliveryId: string) => void }) {
  const t = useT();
  const { locale } = usePreferences();
  const { timeZone } = useCountry();
  const when = (ms: number) => formatDateTime(Math.floor(ms / 1000), { locale, timeZone });
  return (
    <DataTable>
      <thead>
        <tr>
          <th scope="col">{t('developers.webhooks.event')}</th>
          <th scope="col">{t('developers.webhooks.result')}</th>
          <th scope="col">{t('developers.webhooks.attempts')}</th>
          <th scope="col"><span className="visually-hidden">{t('developers.webhooks.resend')}</span></th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((delivery) => (
          <tr key={delivery.delivery_id} data-testid="webhook-delivery" data-state={delivery.state}>
            <th scope="row"><code dir="ltr">{delivery.event_type}</code>{delivery.order_id && <div><bdi>{delivery.order_id}</bdi></div>}</th>
            <td data-label={t('developers.webhooks.result')}>{t(resultKey(delivery.state))}</td>
            <td data-label={t('developers.webhooks.attempts')}>
              <AttemptList>
                {delivery.attempts.map((attempt) => (
                  <li key={attempt.attempt} data-testid="webhook-attempt">
                    {when(attempt.at)} · <code dir="ltr">{attempt.status_code ?? attempt.error ?? '—'}</code> · <bdi dir="ltr">{attempt.latency_ms} ms</bdi>
                    {attempt.excerpt && <Excerpt dir="ltr">{attempt.excerpt}</Excerpt>}
                  </li>
                ))}
              </AttemptList>
            </td>
            <td>
              <Button variant="secondary" loading={resending === delivery.delivery_id} onClick={() => onResend(delivery.delivery_id)}>{t('developers.webhooks.resend')}</Button>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;


const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${tokens.space(2)};
`;

const EndpointRow = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(2)};
  padding: ${tokens.space(3)} 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  code { overflow-wrap: anywhere; }
`;

const EventNames = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  direction: ltr;
  unicode-bidi: isolate;
`;


const AttemptList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Excerpt = styled.pre`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  max-height: 4.5em;
  overflow: hidden;
`;

