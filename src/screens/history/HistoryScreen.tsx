import { useParams } from '@tanstack/react-router';
import styled from 'styled-components';
import { useSession } from '../../app/session/SessionContext';
import { useVendors } from '../../app/vendors/VendorsContext';
import { GUEST_VENDOR_ID } from '../../../domain/types';
import { Page, PageTitle } from '../../components/Page';
import { useT } from '../../i18n/useT';
import { ListsSkeleton } from '../tracking/ListsSkeleton';
import { GuestHistory } from './GuestHistory';
import { PastOrders } from './PastOrders';

/** /history(/{vendorID}): the all-orders table with filters and export; guests search instead. */
export function HistoryScreen() {
  const t = useT();
  const session = useSession();
  const { selected } = useVendors();
  const params = useParams({ strict: false });
  const vendorId = session.isGuest ? GUEST_VENDOR_ID : (params.vendorID ?? selected?.vendor_id ?? null);
  return (
    <WidePage>
      <PageTitle>{t('nav.history')}</PageTitle>
      {session.isGuest ? <GuestHistory /> : vendorId ? <PastOrders key={vendorId} vendorId={vendorId} /> : <ListsSkeleton columns={1} />}
    </WidePage>
  );
}

const WidePage = styled(Page)`
  max-width: 1440px;
`;
