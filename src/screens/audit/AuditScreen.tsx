import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { AuditAction, AuditEvent } from '../../../adapters/ports';
import { AUDIT_PERIODS, auditPeriodBounds, isRole, type AuditPeriod } from '../../../domain/teams';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { useVendors } from '../../app/vendors/VendorsContext';
import { Button } from '../../components/Button';
import { Card, Page, PageTitle } from '../../components/Page';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { formatDateTime } from '../../i18n/format';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { useCountry } from '../../shell/useCountry';
import { tokens } from '../../theme/theme';
import { DataTable } from '../../components/DataTable';
import { ListStatus } from '../developers/developerParts';
import { useAuditTrail } from './useAuditTrail';

/** Every action the trail records, in the order the filter lists them (domain/api AuditActionName). */
export const AUDIT_ACTIONS: readonly AuditAction[] = [
  'order.placed', 'order.cancelled', 'bulk.placed', 'collection-point.changed', 'member.invited', 'invitation.resent', 'invitation.revoked',
  'member.joined', 'member.changed', 'member.removed', 'api-key.created', 'api-key.revoked', 'webhook.changed', 'export.downloaded',
  'recurring.created', 'recurring.changed', 'recurring.deleted',
];

const isAuditAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);
const isPeriod = (value: string): value is AuditPeriod => (AUDIT_PERIODS as readonly string[]).includes(value);

/** Settings → Audit: who did what and when at the selected vendor and its outlets, filtered by member,
 * action and period (in the vendor's time zone), a page at a time, and the same filter as a CSV file. */
export function AuditScreen() {
  const t = useT();
  const { vendors, selected } = useVendors();
  const vendorId = selected?.vendor_id ?? vendors[0]?.vendor_id ?? '';
  return (
    <Page>
      <PageTitle>{t('audit.title')}</PageTitle>
      <Intro>{t('audit.intro')}</Intro>
      {vendorId ? <Trail vendorId={vendorId} /> : <p>{t('common.loading')}</p>}
    </Page>
  );
}

/** The members (e-mail actors) of `events` added to those already known, sorted: the member field's suggestions. */
function withMembersOf(known: readonly string[], events: readonly AuditEvent[]): string[] {
  const members = new Set(known);
  for (const event of events) if (event.actor.includes('@')) members.add(event.actor);
  return members.size === known.length ? (known as string[]) : [...members].sort();
}

function Trail({ vendorId }: { vendorId: string }) {
  const t = useT();
  const { timeZone } = useCountry();
  const { actor, snapshot, clock } = useAuditTrail(vendorId);
  const { events, shown } = snapshot.context;
  const [member, setMember] = useState('');
  // Every member seen in the trail so far stays suggested, also while the list is filtered to one.
  const [knownMembers, setKnownMembers] = useState<string[]>([]);
  useEffect(() => setKnownMembers((known) => withMembersOf(known, events)), [events]);
  const [action, setAction] = useState<AuditAction | ''>('');
  const [period, setPeriod] = useState<AuditPeriod>('all');
  const loading = snapshot.matches('loading');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    actor.send({
      type: 'filter.changed',
      filter: { ...auditPeriodBounds(period, clock.nowUnix(), timeZone), ...(member.trim() ? { actor: member.trim() } : {}), ...(action ? { action } : {}) },
    });
  };
  return (
    <>
      <Card aria-labelledby="audit-filter-heading">
        <h2 id="audit-filter-heading" className="visually-hidden">{t('audit.filter')}</h2>
        <Filters onSubmit={apply}>
          <TextField label={t('audit.filter.member')} type="email" value={member} onValueChange={setMember} maxLength={254} autoComplete="off" list="audit-members" />
          <datalist id="audit-members">
            {knownMembers.map((email) => <option key={email} value={email} />)}
          </datalist>
          <Select
            label={t('audit.filter.action')}
            value={action}
            options={[{ value: '', label: t('audit.action.all') }, ...AUDIT_ACTIONS.map((value) => ({ value, label: t(`audit.action.${value}`) }))]}
            onValueChange={(value) => setAction(isAuditAction(value) ? value : '')}
          />
          <Select
            label={t('history.filter.date')}
            value={period}
            options={AUDIT_PERIODS.map((value) => ({ value, label: t(`audit.period.${value}`) }))}
            onValueChange={(value) => isPeriod(value) && setPeriod(value)}
          />
          <FilterButtons>
            <Button type="submit" loading={loading}>{t('history.filter.apply')}</Button>
            <Button variant="secondary" loading={snapshot.matches('exporting')} disabled={loading} onClick={() => actor.send({ type: 'export.requested' })}>
              {t('audit.export')}
            </Button>
          </FilterButtons>
        </Filters>
      </Card>
      <Card aria-labelledby="audit-events-heading" aria-busy={loading || undefined}>
        <h2 id="audit-events-heading">{t('audit.events')}</h2>
        <ListStatus
          loading={loading}
          failed={snapshot.matches('failed')}
          empty={events.length === 0}
          failedText={t('audit.load-failed')}
          emptyText={t('audit.empty')}
          onRetry={() => actor.send({ type: 'retry.requested' })}
        />
        {!loading && events.length > 0 && <EventTable events={events.slice(0, shown)} />}
        {!loading && shown < events.length && (
          <Button variant="secondary" onClick={() => actor.send({ type: 'more.requested' })}>{t('audit.more')}</Button>
        )}
      </Card>
    </>
  );
}

function EventTable({ events }: { events: readonly AuditEvent[] }) {
  const t = useT();
  const message = useMessage();
  const { locale } = usePreferences();
  const { timeZone } = useCountry();
  const { vendors } = useVendors();
  const vendorName = (id: string) => vendors.find((vendor) => vendor.vendor_id === id)?.name;
  /** A detail value as people read it: a role by its name, a cancel reason translated, anything else as stored. */
  const shownValue = (name: string, value: string) => (name.startsWith('role') && isRole(value) ? t(`team.role.${value}`) : name === 'reason' ? message(value) : value);
  return (
    <DataTable>
      <thead>
        <tr>
          <th scope="col">{t('request.time.time')}</th>
          <th scope="col">{t('team.member')}</th>
          <th scope="col">{t('audit.what')}</th>
          <th scope="col">{t('audit.details')}</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={event.event_id} data-testid="audit-row" data-action={event.action}>
            <th scope="row">{formatDateTime(event.at, { locale, timeZone })}</th>
            <td data-label={t('team.member')}><bdi>{event.actor}</bdi></td>
            <td data-label={t('audit.what')}>{t(`audit.action.${event.action}`)}</td>
            <td data-label={t('audit.details')}>
              {/* One child, so a phone's card keeps every detail in the value column. */}
              <div>
                <bdi>{event.subject}</bdi>
                {vendorName(event.vendor_id) && <Muted> · <bdi>{vendorName(event.vendor_id)}</bdi></Muted>}
                {Object.entries(event.detail).filter(([, value]) => value !== '').map(([name, value]) => (
                  <Detail key={name} data-detail={name}><bdi>{shownValue(name, value)}</bdi></Detail>
                ))}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

const Intro = styled.p`
  margin-bottom: ${tokens.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${tokens.space(3)};
  align-items: end;
`;

const FilterButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space(2)};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Detail = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;
