import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import type { Vendor } from '../../../domain/types';
import { useSession } from '../../app/session/SessionContext';
import { useToasts } from '../../app/toasts/ToastContext';
import { useVendors } from '../../app/vendors/VendorsContext';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n/useT';
import { readGuestOrders } from '../../../adapters/storage/guestStorage';
import { GuestRegisterPrompt } from './GuestRegisterPrompt';
import { provideGuestVendorLoader, provideOnlinePaymentCheck } from './requestMachineProvider';
import { RequestFlowView } from './RequestFlowView';
import { useRequestServices } from './RequestServicesContext';
import { inspectOptions } from '../../app/inspector';

type GoToTracking = (target: { orderId: string }) => void;

/** /request-a-rider and /request-a-rider/{vendorID} (?orderID= edits an order, ?again= orders a past one again, ?template= starts from a saved template): picks the vendor and
 * starts one request flow for it; a new vendor or order starts a new flow (SPEC §4 reset). */
export function RequestScreen() {
  const session = useSession();
  const params = useParams({ strict: false }) as { vendorID?: string };
  const search = useSearch({ strict: false }) as { orderID?: string; again?: string; template?: string };
  const orderId = search.orderID ?? null;
  const repeatOrderId = search.again ?? null;
  const templateId = search.template ?? null;
  const navigate = useNavigate();
  const goToTracking = useCallback<GoToTracking>(
    ({ orderId: createdId }) => void navigate({ to: '/order-tracking', search: { order_id: createdId } }),
    [navigate],
  );
  if (session.isGuest) return <GuestRequest orderId={orderId} goToTracking={goToTracking} />;
  return <VendorRequest routeVendorId={params.vendorID ?? null} orderId={orderId} repeatOrderId={repeatOrderId} templateId={templateId} goToTracking={goToTracking} />;
}

interface RequestProps {
  orderId: string | null;
  repeatOrderId?: string | null;
  /** A saved template that fills the new order in. */
  templateId?: string | null;
  goToTracking: GoToTracking;
}

function VendorRequest({ routeVendorId, orderId, repeatOrderId = null, templateId = null, goToTracking }: RequestProps & { routeVendorId: string | null }) {
  const t = useT();
  const { vendors, selected, select } = useVendors();
  // The vendor in the address wins over the remembered one when the user may reach it.
  useEffect(() => {
    if (routeVendorId && selected?.vendor_id !== routeVendorId && vendors.some((vendor) => vendor.vendor_id === routeVendorId)) select(routeVendorId);
  }, [routeVendorId, selected, vendors, select]);
  if (!selected) return vendors.length === 0 ? <Loading /> : <EmptyState title={t('request.no-vendor')} />;
  return (
    <VendorSettings
      key={`${selected.vendor_id}|${orderId ?? ''}|${repeatOrderId ?? ''}|${templateId ?? ''}`}
      vendor={selected}
      isGuest={false}
      orderId={orderId}
      repeatOrderId={repeatOrderId}
      templateId={templateId}
      goToTracking={goToTracking}
    />
  );
}

/** A guest requests for the placeholder vendor the server builds from the guest's country. */
function GuestRequest({ orderId, goToTracking }: RequestProps) {
  const t = useT();
  const services = useRequestServices();
  const loader = useMemo(() => provideGuestVendorLoader(services), [services]);
  const actor = useActorRef(loader, inspectOptions());
  const status = useSelector(actor, (snapshot) => snapshot.status);
  const vendor = useSelector(actor, (snapshot) => snapshot.output ?? null);
  // Read once per visit: the orders this device placed as a guest.
  const guestOrders = useMemo(() => readGuestOrders(services.storage).length, [services.storage]);
  if (status === 'error') return <EmptyState title={t('unable-to-fetch-vendor')} />;
  if (!vendor) return <Loading />;
  return (
    <VendorSettings
      key={orderId ?? ''}
      vendor={vendor}
      isGuest
      orderId={orderId}
      goToTracking={goToTracking}
      banner={<GuestRegisterPrompt orderCount={guestOrders} />}
    />
  );
}

/** Reads whether online payment is on for the vendor's country, then starts the flow. */
function VendorSettings({ vendor, isGuest, orderId, repeatOrderId = null, templateId = null, goToTracking, banner }: RequestProps & { vendor: Vendor; isGuest: boolean; banner?: ReactNode }) {
  const services = useRequestServices();
  const { show } = useToasts();
  const check = useMemo(() => provideOnlinePaymentCheck(services, { toast: show }), [services, show]);
  const actor = useActorRef(check, { ...inspectOptions(), input: { vendorId: vendor.vendor_id } });
  const onlinePaymentActivated = useSelector(actor, (snapshot) => snapshot.output ?? null);
  if (onlinePaymentActivated === null) return <Loading />;
  return (
    <RequestFlowView
      vendor={vendor}
      isGuest={isGuest}
      orderId={orderId}
      repeatOrderId={repeatOrderId}
      templateId={templateId}
      onlinePaymentActivated={onlinePaymentActivated}
      goToTracking={goToTracking}
      banner={banner}
    />
  );
}

function Loading() {
  return (
    <Page aria-busy="true">
      <Skeleton $height="2rem" $width="40%" />
      <br />
      <Skeleton $height="160px" />
    </Page>
  );
}
