import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { RecurringRun, RecurringScheduleView } from '../../../adapters/ports';
import type { Vendor } from '../../../domain/types';
import { vendorAccess } from '../../../domain';
import type { RecurringOrdersContext } from '../../../machines/recurringOrders';
import { standingOf } from '../../app/vendors/standingOf';
import { useVendors } from '../../app/vendors/VendorsContext';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import { Card, Page, PageTitle } from '../../components/Page';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { EditScheduleDialog } from './ScheduleDialog';
import { calendarDay, repeatDays, wallClockTime } from './scheduleInWords';
import { useRecurringOrders } from './useRecurringOrders';

/** /recurring-orders (the link of the run notices): the selected vendor's recurring orders (issue #27) with their latest runs. */
export function RecurringOrdersScreen() {
  const t = useT();
  const vendors = useVendors();
  const { selected } = vendors;
  return (
    <Page>
      <PageTitle>{t('recurring.title')}</PageTitle>
      {selected && vendorAccess(standingOf(vendors), 'orders.place') === 'allowed' ? (
        <VendorSchedules key={selected.vendor_id} vendor={selected} />
      ) : (
        <Skeleton $height="160px" />
      )}
    </Page>
  );
}

function VendorSchedules({ vendor }: { vendor: Vendor }) {
  const t = useT();
  const { api } = useOrdersServices();
  const actor = useRecurringOrders(api, vendor.vendor_id);
  const snapshot = useSelector(actor, (s) => s);
  const context = snapshot.context as RecurringOrdersContext;
  const [editing, setEditing] = useState<RecurringScheduleView | null>(null);
  if (snapshot.matches('loading')) return <Skeleton $height="160px" aria-busy="true" />;
  if (snapshot.matches('failed')) {
    return (
      <EmptyState
        title={t('recurring.load-failed')}
        description={context.loadError ? t(context.loadError) : undefined}
        action={<Button onClick={() => actor.send({ type: 'retry.requested' })}>{t('common.retry')}</Button>}
      />
    );
  }
  if (context.schedules.length === 0) {
    // Schedules are made on a saved template: the way there.
    return <EmptyState title={t('recurring.empty.title')} description={t('recurring.empty.description')} action={<Link to="/templates">{t('nav.templates')}</Link>} />;
  }
  const idle = snapshot.matches('ready');
  const pending = context.schedules.find((one) => one.schedule_id === context.pending);
  return (
    <>
      <List aria-label={t('recurring.title')}>
        {context.schedules.map((schedule) => (
          <Card as="li" key={schedule.schedule_id} aria-label={schedule.template_name}>
            <ScheduleSummary schedule={schedule} />
            <Actions>
              <Button variant="secondary" disabled={!idle}
                onClick={() => {
                  // A fresh form: an earlier save neither closes it nor shows its refusal.
                  actor.send({ type: 'form.opened' });
                  setEditing(schedule);
                }}>
                {t('recurring.edit')}
              </Button>
              {schedule.status === 'active' ? (
                <Button variant="secondary" disabled={!idle} loading={snapshot.matches('pausing') && context.pending === schedule.schedule_id}
                  onClick={() => actor.send({ type: 'pause.requested', scheduleId: schedule.schedule_id })}>
                  {t('recurring.pause')}
                </Button>
              ) : (
                <Button variant="secondary" disabled={!idle} loading={snapshot.matches('resuming') && context.pending === schedule.schedule_id}
                  onClick={() => actor.send({ type: 'resume.requested', scheduleId: schedule.schedule_id })}>
                  {t('recurring.resume')}
                </Button>
              )}
              <Button variant="secondary" disabled={!idle} onClick={() => actor.send({ type: 'delete.requested', scheduleId: schedule.schedule_id })}>
                {t('templates.delete')}
              </Button>
            </Actions>
          </Card>
        ))}
      </List>
      {editing ? <EditScheduleDialog actor={actor} schedule={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={snapshot.matches('confirmingDelete') || snapshot.matches('deleting')}
        title={t('recurring.delete.title', { name: pending?.template_name ?? '' })}
        cancelLabel={t('common.cancel')}
        submitLabel={t('templates.delete')}
        destructive
        loading={snapshot.matches('deleting')}
        onCancel={() => actor.send({ type: 'delete.cancelled' })}
        onSubmit={() => actor.send({ type: 'delete.confirmed' })}
      />
    </>
  );
}

/** The template, the rule in words, the next run in the schedule's zone, the status and the latest runs. */
function ScheduleSummary({ schedule }: { schedule: RecurringScheduleView }) {
  const t = useT();
  const intl = useIntl();
  const time = wallClockTime(schedule.time, intl.locale);
  const rule = schedule.repeat.kind === 'weekly'
    ? t('recurring.rule.weekly', { days: repeatDays(schedule, intl.locale), time })
    : t('recurring.rule.monthly', { day: repeatDays(schedule, intl.locale), time });
  const when = (unixSeconds: number) => intl.formatDate(unixSeconds * 1000, { dateStyle: 'medium', timeStyle: 'short', timeZone: schedule.time_zone });
  return (
    <>
      <Name>{schedule.template_name}</Name>
      <Details>
        {rule}
        {schedule.until ? ` · ${t('recurring.until', { date: calendarDay(schedule.until, intl.locale) })}` : ''}
        <br />
        <Status data-status={schedule.status}>{t(`recurring.status.${schedule.status}`)}</Status>
        {schedule.next_run_at !== null ? ` · ${t('recurring.next-run', { when: when(schedule.next_run_at) })}` : ''}
      </Details>
      {schedule.last_runs.length > 0 ? (
        <Runs aria-label={t('recurring.runs')}>
          {schedule.last_runs.map((run) => (
            <li key={run.planned_at}><RunInWords run={run} vendorId={schedule.vendor_id} when={when(run.planned_at)} /></li>
          ))}
        </Runs>
      ) : null}
    </>
  );
}

/**
 * One run: a placed one names its order as a link to it (the tracking page opens its drawer, as after
 * a request), a refused or skipped one says why.
 */
function RunInWords({ run, vendorId, when }: { run: RecurringRun; vendorId: string; when: string }) {
  const t = useT();
  if (run.outcome === 'placed' && run.order_id !== null) {
    // Keyed: react-intl returns the message's parts as an array of children.
    const orderLink = (
      <Link key="order" to="/order-tracking/$vendorID" params={{ vendorID: vendorId }} search={{ order_id: run.order_id }}>
        {run.order_id}
      </Link>
    );
    return <FormattedMessage id="recurring.run.placed" values={{ when, orderId: orderLink }} />;
  }
  if (run.outcome === 'placed') return t('recurring.run.placed', { when, orderId: '' });
  // The reason's own text says whether the run was refused or skipped (server/recurring/planRun.ts).
  return t('recurring.run.not-placed', { when, reason: t(run.reason ?? 'recurring.refused.failed') });
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${tokens.space(3)};
`;

const Name = styled.h2`
  margin: 0;
  font-size: 1.1rem;
`;

const Details = styled.p`
  margin: ${tokens.space(2)} 0;
`;

const Status = styled.strong``;

const Runs = styled.ul`
  margin: 0 0 ${tokens.space(2)};
  padding-inline-start: ${tokens.space(4)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space(2)};
`;
