import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { BulkJob } from '../../../domain/types';
import { Button } from '../../components/Button';
import { Card } from '../../components/Page';
import { Skeleton } from '../../components/Skeleton';
import { useOrderFormat } from '../../components/orders/useOrderFormat';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { StatusBadge as BulkStatusBadge } from '../../components/orders/StatusBadge';
import { JobRowsTable } from './JobRowsTable';
import { JobSummary } from './JobSummary';
import { RowFilter } from './RowFilter';
import type { BulkJobActor } from './useBulkJobActor';

/**
 * A checked job (SHOW_PREPROCESS_RESULTS: review, then place) or a placed one
 * (SHOW_ORDER_PLACEMENT_RESULTS: what was placed, what failed, then tracking).
 */
export function JobResults({ actor, job }: { actor: BulkJobActor; job: BulkJob }) {
  const t = useT();
  const format = useOrderFormat();
  const placed = useSelector(actor, (snapshot) => snapshot.matches({ flow: 'SHOW_ORDER_PLACEMENT_RESULTS' }));
  const filter = useSelector(actor, (snapshot) => snapshot.context.filter);
  const filtering = useSelector(
    actor,
    (snapshot) => snapshot.matches({ flow: { SHOW_PREPROCESS_RESULTS: 'filtering' } }) || snapshot.matches({ flow: { SHOW_ORDER_PLACEMENT_RESULTS: 'filtering' } }),
  );
  const canFilter = useSelector(actor, (snapshot) => snapshot.can({ type: 'filter.changed', filter: 'ALL' }));
  const canPlace = useSelector(actor, (snapshot) => snapshot.can({ type: 'placement.requested' }));
  const canOpenTracking = useSelector(actor, (snapshot) => snapshot.can({ type: 'tracking.opened' }));
  const canStartOver = useSelector(actor, (snapshot) => snapshot.can({ type: 'cancelled' }));
  const rows = job.rows ?? [];

  return (
    <Card as="section" aria-labelledby="bulk-job-title" data-testid="bulk-job" data-job-id={job.bulk_job_id} data-job-status={job.status}>
      <Header>
        <div>
          <JobTitle id="bulk-job-title" dir="auto">
            {job.file_name}
          </JobTitle>
          <Meta>{t('bulk-order-upload.job.uploaded', { time: format.dateTime(job.created_at), user: job.created_by })}</Meta>
        </div>
        <BulkStatusBadge jobStatus={job.status} />
      </Header>
      <JobSummary job={job} placed={placed} />
      <Guidance>{t(guidanceKey(job, placed))}</Guidance>
      <Actions>
        {placed ? (
          <Button disabled={!canOpenTracking} onClick={() => actor.send({ type: 'tracking.opened' })}>
            {t('bulk-order-upload.actions.open-tracking')}
          </Button>
        ) : (
          <Button disabled={!canPlace} onClick={() => actor.send({ type: 'placement.requested' })}>
            {t('bulk-order-upload.actions.place', { count: job.totals.orders_to_be_placed })}
          </Button>
        )}
        <Button variant="secondary" disabled={!canStartOver} onClick={() => actor.send({ type: 'cancelled' })}>
          {t('bulk-order-upload.actions.upload-another')}
        </Button>
      </Actions>
      <TableHeader>
        <h3>{t('bulk-order-upload.rows.title')}</h3>
        <RowFilter value={filter} disabled={!canFilter} onChange={(next) => actor.send({ type: 'filter.changed', filter: next })} />
      </TableHeader>
      <div aria-busy={filtering || undefined} aria-live="polite">
        {filtering ? (
          <Skeleton $height="12rem" />
        ) : rows.length === 0 ? (
          <Empty>{t('bulk-order-upload.rows.none')}</Empty>
        ) : (
          <JobRowsTable key={`${job.bulk_job_id}-${filter}`} rows={rows} />
        )}
      </div>
    </Card>
  );
}

/** What the user can do next, by where the job stands. */
function guidanceKey(job: BulkJob, placed: boolean) {
  if (placed) {
    if (job.status === 'ORDER_PLACEMENT_FAIL') return 'bulk-order-upload.guidance.placement-failed';
    if (job.status === 'ORDER_PLACEMENT_SUCCESS_WITH_ERROR') return 'bulk-order-upload.guidance.placed-with-errors';
    return job.totals.errors > 0 ? 'bulk-order-upload.guidance.placed-skipped-errors' : 'bulk-order-upload.guidance.placed';
  }
  if (job.totals.orders_to_be_placed === 0) return 'bulk-order-upload.guidance.nothing-to-place';
  return job.totals.errors > 0 ? 'bulk-order-upload.guidance.review-errors' : 'bulk-order-upload.guidance.review';
}

const Header = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${tokens.space(3)};
  margin-bottom: ${tokens.space(4)};
`;

const JobTitle = styled.h2`
  font-size: 1.2rem;
  margin: 0;
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  margin: ${tokens.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
  overflow-wrap: anywhere;
`;

const Guidance = styled.p`
  margin: ${tokens.space(4)} 0;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space(2)};
  margin-bottom: ${tokens.space(6)};
  @media (max-width: ${tokens.smallScreen}) { button { flex: 1 1 100%; } }
`;

const TableHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${tokens.space(3)};
  margin-bottom: ${tokens.space(3)};
  h3 { margin: 0; font-size: 1rem; }
`;

const Empty = styled.p`
  margin: 0;
  padding: ${tokens.space(6)} 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;
