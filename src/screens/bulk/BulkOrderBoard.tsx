import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { Card } from '../../components/Page';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { JobHistory } from './JobHistory';
import { JobResults } from './JobResults';
import { PlaceOrdersDialog } from './PlaceOrdersDialog';
import { UploadPanel } from './UploadPanel';
import { useBulkJobActor } from './useBulkJobActor';

/** One vendor's bulk upload: the flow on the main column, the job history beside it (below on a phone). */
export function BulkOrderBoard({ vendorId, routeJobId }: { vendorId: string; routeJobId: string | null }) {
  const t = useT();
  const actor = useBulkJobActor(vendorId, routeJobId);
  const job = useSelector(actor, (snapshot) => snapshot.context.job);
  const asking = useSelector(actor, (snapshot) => snapshot.matches({ flow: 'ASK_EXCEL_FILE' }) || snapshot.matches({ flow: 'UPLOADING_EXCEL_FILE' }));
  const loadingJob = useSelector(actor, (snapshot) => snapshot.matches({ flow: 'loadingJobDetails' }));

  const reviewing = !(asking || job === null);
  return (
    <Layout $wide={reviewing}>
      <Main>
        {asking || job === null ? (
          loadingJob ? (
            <Card aria-busy="true" aria-label={t('common.loading')} data-testid="bulk-job-loading">
              <Skeleton $height="2rem" $width="50%" />
              <Gap />
              <Skeleton $height="6rem" />
              <Gap />
              <Skeleton $height="14rem" />
            </Card>
          ) : (
            <UploadPanel actor={actor} />
          )
        ) : (
          <JobResults actor={actor} job={job} />
        )}
      </Main>
      <Aside>
        <JobHistory actor={actor} />
      </Aside>
      <PlaceOrdersDialog actor={actor} />
    </Layout>
  );
}

// A job's rows take the whole width (nine columns did not fit beside the history at 1440 px, and the
// Result column was cut off); the history then follows below.
const Layout = styled.div<{ $wide: boolean }>`
  display: grid;
  gap: ${tokens.space(6)};
  align-items: start;
  @media (min-width: ${tokens.desktop}) { grid-template-columns: ${({ $wide }) => ($wide ? 'minmax(0, 1fr)' : 'minmax(0, 1fr) 340px')}; }
`;

const Main = styled.div`
  min-width: 0;
`;

const Aside = styled.aside`
  min-width: 0;
`;

const Gap = styled.div`
  height: ${tokens.space(4)};
`;
