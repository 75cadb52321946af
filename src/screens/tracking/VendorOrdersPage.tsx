import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useSession } from '../../app/session/SessionContext';
import { useVendors } from '../../app/vendors/VendorsContext';
import { GUEST_VENDOR_ID } from '../../../domain/types';
import { Page, PageTitle } from '../../components/Page';
import { useT } from '../../i18n/useT';
import { ListsSkeleton } from './ListsSkeleton';

interface Props {
  titleKey: 'nav.tracking' | 'nav.history';
  /** Shown above the lists whatever the vendor (a payment outcome). */
  notice?: ReactNode;
  /** Placeholder columns while the vendor is not known yet. */
  skeletonColumns: number;
  /** The page's body for the vendor of the URL, else the selected one (a guest's own vendor id). */
  children: (vendorId: string) => ReactNode;
}

/** The frame of the tracking and history pages: the title and the vendor whose orders they show. */
export function VendorOrdersPage({ titleKey, notice, skeletonColumns, children }: Props) {
  const t = useT();
  const session = useSession();
  const { selected } = useVendors();
  const params = useParams({ strict: false });
  const vendorId = session.isGuest ? GUEST_VENDOR_ID : (params.vendorID ?? selected?.vendor_id ?? null);
  return (
    <WidePage>
      <PageTitle>{t(titleKey)}</PageTitle>
      {notice}
      {vendorId ? children(vendorId) : <ListsSkeleton columns={skeletonColumns} />}
    </WidePage>
  );
}

const WidePage = styled(Page)`
  max-width: 1440px;
`;
