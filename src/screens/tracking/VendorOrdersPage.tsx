import { Link, useLocation, useParams } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
import { useSession } from '../../app/session/SessionContext';
import { useVendorTimeZone } from '../../app/vendors/useVendorTimeZone';
import { useVendors } from '../../app/vendors/VendorsContext';
import { GUEST_VENDOR_ID } from '../../../domain/types';
import { EmptyState } from '../../components/EmptyState';
import { Page, PageTitle } from '../../components/Page';
import { useT } from '../../i18n/useT';
import { ListsSkeleton } from './ListsSkeleton';

interface Props {
  titleKey: 'nav.tracking' | 'nav.history' | 'nav.insights';
  /** Shown above the lists whatever the vendor (a payment outcome). */
  notice?: ReactNode;
  /** Placeholder columns while the vendor is not known yet. */
  skeletonColumns: number;
  /** The page's body for the vendor of the URL, else the selected one (a guest's own vendor id). */
  children: (vendorId: string) => ReactNode;
}

/** The frame of the tracking, history and insights pages: the title and the vendor whose orders they show. */
export function VendorOrdersPage({ titleKey, notice, skeletonColumns, children }: Props) {
  const t = useT();
  const session = useSession();
  const { vendors, selected } = useVendors();
  const params = useParams({ strict: false });
  const vendorId = session.isGuest ? GUEST_VENDOR_ID : (params.vendorID ?? selected?.vendor_id ?? null);
  // A branch of another account (a pasted link): say so at once instead of a failing list that retries.
  // The lists' machines take the vendor's zone when they start: a vendor of another zone (known once the
  // vendors have loaded, or another country's branch chosen) starts them afresh.
  const timeZone = useVendorTimeZone(vendorId ?? undefined);
  const notYours = !session.isGuest && vendorId !== null && vendors.length > 0 && !vendors.some((vendor) => vendor.vendor_id === vendorId);
  return (
    <WidePage>
      <PageTitle>{t(titleKey)}</PageTitle>
      {notice}
      {notYours ? <OtherAccountsBranch /> : vendorId ? <Fragment key={timeZone}>{children(vendorId)}</Fragment> : <ListsSkeleton columns={skeletonColumns} />}
    </WidePage>
  );
}

function OtherAccountsBranch() {
  const t = useT();
  const { selected } = useVendors();
  const { pathname } = useLocation();
  const to = pathname.startsWith('/history') ? '/history/$vendorID' : pathname.startsWith('/insights') ? '/insights/$vendorID' : '/order-tracking/$vendorID';
  return (
    <EmptyState
      title={t('error.forbidden')}
      description={t('orders.other-branch.description')}
      action={selected ? <Link to={to} params={{ vendorID: selected.vendor_id }}>{t('orders.other-branch.action', { vendorName: selected.name })}</Link> : null}
    />
  );
}

const WidePage = styled(Page)`
  max-width: 1440px;
`;
