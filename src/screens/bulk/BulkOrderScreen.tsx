import { useParams } from '@tanstack/react-router';
import styled from 'styled-components';
import { useSession } from '../../app/session/SessionContext';
import { useVendors } from '../../app/vendors/VendorsContext';
import { EmptyState } from '../../components/EmptyState';
import { Page, PageTitle } from '../../components/Page';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { BulkOrderBoard } from './BulkOrderBoard';

/**
 * /bulk-order(/{vendorID}(/{bulkJobID})) under the BulkOrderUpload flag (SPEC §2): template, upload,
 * checked rows, placement and the vendor's job history. Bulk jobs belong to a signed-in vendor, so a
 * guest is told to sign in (the server refuses guests' uploads).
 */
export function BulkOrderScreen() {
  const t = useT();
  const session = useSession();
  const { selected } = useVendors();
  const params = useParams({ strict: false });
  const vendorId = params.vendorID ?? selected?.vendor_id ?? null;
  return (
    <WidePage>
      <PageTitle>{t('nav.bulk-order')}</PageTitle>
      <Intro>{t('bulk-order-upload.intro')}</Intro>
      {session.isGuest ? (
        <EmptyState title={t('bulk-order-upload.guest.title')} description={t('bulk-order-upload.guest.description')} />
      ) : vendorId ? (
        <BulkOrderBoard vendorId={vendorId} routeJobId={params.bulkJobID ?? null} />
      ) : (
        <Skeleton $height="16rem" />
      )}
    </WidePage>
  );
}

const WidePage = styled(Page)`
  max-width: 1440px;
`;

const Intro = styled.p`
  margin: 0 0 ${tokens.space(6)};
  max-width: 70ch;
  color: ${({ theme }) => theme.colors.textMuted};
`;
