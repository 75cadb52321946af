import { Navigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import type { TrackingView } from '../../../adapters/ports';
import { showsFullMap, type PublicTrackingKind } from '../../../domain/tracking';
import { Button } from '../../components/Button';
import { Card, Page, PageTitle } from '../../components/Page';
import { Notice } from '../../components/Notice';
import { Skeleton } from '../../components/Skeleton';
import { EtaText } from '../../components/orders/EtaText';
import { OptionalMap } from '../../components/orders/OptionalMap';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { useFlags } from '../../app/flags/FlagsContext';
import { trackingPageSettings } from '../../app/flags/trackingPageSettings';
import { CallRiderLink } from './CallRiderLink';
import { usePublicTracking } from './usePublicTracking';

// The map's code is not needed for the page's first paint, which waits for the order anyway: a chunk of its
// own, asked for as the page opens so that it downloads beside the order (a public page a phone opens
// from a message keeps its first JavaScript small). A chunk that fails to load leaves the page without
// its map, as a map that cannot render does (OptionalMap).
let trackingMapChunk: Promise<typeof import('../../components/orders/OrderTrackingMap')> | undefined;
const loadTrackingMap = () => (trackingMapChunk ??= import('../../components/orders/OrderTrackingMap'));
const OrderTrackingMap = lazy(async () => ({ default: (await loadTrackingMap()).OrderTrackingMap }));

interface Props {
  /** The kind of order this page follows; an order of the other kind is sent to its own page. */
  kind: PublicTrackingKind;
  orderId: string;
  token: string;
  title: (view: TrackingView) => string;
  /** The stage list for the view (recipient or consumer-to-consumer stages). */
  renderStages: (view: TrackingView) => ReactNode;
  /** Extra lines under the stages (e.g. the prohibited-items link). */
  footer?: ReactNode;
}

/** What both public tracking pages share: loading, refusal, the stages, the ETA and the live map.
 * Only first names are shown; the server sends nothing more personal. */
export function PublicTrackingPage({ kind, orderId, token, title, renderStages, footer }: Props) {
  const t = useT();
  const { view, errorKey, state, retry } = usePublicTracking(orderId, token);
  // The TrackingPageSettings flag: showMap is read here; showRiderPhone is applied by the server, which
  // adds the rider's phone to the view only for vendors where it is on.
  const { showMap } = trackingPageSettings(useFlags());
  useEffect(() => {
    if (showMap) loadTrackingMap().catch(() => undefined);
  }, [showMap]);
  if (!view) {
    return (
      <Page $narrow>
        {state === 'refused' ? (
          <Notice kind="error">{t('public-tracking.error.link')}</Notice>
        ) : state === 'failed' ? (
          <>
            <Notice kind="error">{t('public-tracking.error.load')}</Notice>
            <Button onClick={retry}>{t('common.retry')}</Button>
          </>
        ) : (
          <Card aria-busy="true">
            <Skeleton $height="28px" $width="60%" />
            <Gap />
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} $height="18px" $width={`${80 - index * 8}%`} style={{ marginBottom: 12 }} />
            ))}
          </Card>
        )}
      </Page>
    );
  }
  if (view.kind !== kind) {
    // A link to the wrong page (an old one, or typed): the other page draws this order's stages.
    const to = view.kind === 'c2c' ? '/tracking-c2c/$orderID' : '/tracking/$orderID';
    return <Navigate to={to} params={{ orderID: orderId }} search={{ t: token }} replace />;
  }
  const rider = view.rider;
  return (
    <Page $narrow>
      <PageTitle>{title(view)}</PageTitle>
      {errorKey && <Notice kind="warning">{t('public-tracking.error.stale')}</Notice>}
      <Card data-tracking-status={view.status} data-stage={view.stage ?? 'cancelled'}>
        <Eta>
          <EtaText status={view.status} rider={view} />
        </Eta>
        {rider && (
          <RiderLine>{t('public-tracking.rider', { name: rider.first_name })}</RiderLine>
        )}
        {rider?.phone && <CallRiderLink phone={rider.phone} />}
        {renderStages(view)}
      </Card>
      {showMap && (
        <MapBlock>
          <OptionalMap>
            <Suspense fallback={showsFullMap(view.status) ? (
                <MapLoading data-testid="order-map" aria-busy="true">
                  <Skeleton $height={`${MAP_HEIGHT}px`} />
                </MapLoading>
              ) : null}>
              <OrderTrackingMap
                status={view.status}
                pickup={view.pickup}
                dropoff={view.destination}
                rider={rider}
                description={t('public-tracking.map')}
                height={MAP_HEIGHT}
              />
            </Suspense>
          </OptionalMap>
        </MapBlock>
      )}
      {footer}
    </Page>
  );
}

const Gap = styled.div`
  height: ${tokens.space(4)};
`;

const Eta = styled.p`
  margin: 0 0 ${tokens.space(2)};
  font-size: 1.05rem;
  &:empty { display: none; }
`;

const RiderLine = styled.p`
  margin: 0 0 ${tokens.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const MAP_HEIGHT = 280;

/** Where the map comes while its code loads: a grey block of its height, so the page shows it loading and does not move when it arrives. */
const MapLoading = styled.div`
  height: ${MAP_HEIGHT}px;
`;

const MapBlock = styled.div`
  margin-top: ${tokens.space(4)};
`;
