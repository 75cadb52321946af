import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Card } from '../../components/Page';
import { Skeleton } from '../../components/Skeleton';
import { useOrderFormat } from '../../components/orders/useOrderFormat';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { StatusBadge as BulkStatusBadge } from '../../components/orders/StatusBadge';
import type { BulkJobActor } from './useBulkJobActor';

/** The vendor's earlier uploads, newest first as the server sends them; each opens its details. */
export function JobHistory({ actor }: { actor: BulkJobActor }) {
  const t = useT();
  const format = useOrderFormat();
  const history = useSelector(actor, (snapshot) => snapshot.context.history);
  const vendorId = useSelector(actor, (snapshot) => snapshot.context.vendorId);
  const openJobId = useSelector(actor, (snapshot) => snapshot.context.job?.bulk_job_id ?? snapshot.context.requestedJobId);
  const loading = useSelector(actor, (snapshot) => snapshot.matches({ history: 'loading' }));
  const failed = useSelector(actor, (snapshot) => snapshot.matches({ history: 'failed' }));
  const canReload = useSelector(actor, (snapshot) => snapshot.can({ type: 'history.reload.requested' }));

  return (
    <Card as="section" aria-labelledby="bulk-history-title" aria-busy={loading || undefined} data-testid="bulk-history">
      <Title id="bulk-history-title">{t('bulk-order-upload.history.title')}</Title>
      {loading && history.length === 0 ? (
        <List aria-hidden="true">
          {[0, 1, 2].map((index) => (
            <li key={index}>
              <Skeleton $height="3.25rem" />
            </li>
          ))}
        </List>
      ) : failed ? (
        <EmptyState
          title={t('bulk-order-upload.job-history-error')}
          action={
            <Button variant="secondary" disabled={!canReload} onClick={() => actor.send({ type: 'history.reload.requested' })}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : history.length === 0 ? (
        <EmptyState title={t('bulk-order-upload.history.empty.title')} description={t('bulk-order-upload.history.empty.description')} />
      ) : (
        <List>
          {history.map((job) => (
            <Item key={job.bulk_job_id}>
              <Link
                to="/bulk-order/$vendorID/$bulkJobID"
                params={{ vendorID: vendorId, bulkJobID: job.bulk_job_id }}
                aria-current={job.bulk_job_id === openJobId ? 'page' : undefined}
                data-job-id={job.bulk_job_id}
              >
                <FileName dir="auto">{job.file_name}</FileName>
                <BulkStatusBadge jobStatus={job.status} />
                <Meta>
                  {format.dateTime(job.created_at)} · {t('bulk-order-upload.history.counts', { rows: job.totals.rows, errors: job.totals.errors })}
                </Meta>
                <Meta dir="auto">{t('bulk-order-upload.history.created-by', { user: job.created_by })}</Meta>
              </Link>
            </Item>
          ))}
        </List>
      )}
    </Card>
  );
}

const Title = styled.h2`
  font-size: 1.1rem;
  margin: 0 0 ${tokens.space(3)};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${tokens.space(2)};
`;

const Item = styled.li`
  a {
    display: grid;
    justify-items: start;
    gap: ${tokens.space(1)};
    padding: ${tokens.space(3)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${tokens.radius.md};
    color: inherit;
    text-decoration: none;
  }
  a:hover { background: ${({ theme }) => theme.colors.background}; }
  a[aria-current='page'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`;

const FileName = styled.strong`
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Meta = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
  overflow-wrap: anywhere;
`;
