import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { isAwaitingDispatch } from '../../../domain/preorder';
import { isGuestOrder, shownCollectionPoint, shownOrderId } from '../../../domain/guestOrders';
import { isEditable } from '../../../domain/cancellation';
import { isInStatusGroup } from '../../../domain/statuses';
import { isRiderAssigned, publicTrackingKind, publicTrackingPath } from '../../../domain/tracking';
import type { Order, OrderStatus, Rider } from '../../../domain/types';
import { Button } from '../Button';
import { Notice } from '../Notice';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { CancelOrderDialog, type OrderCancelActor } from './CancelOrderDialog';
import { DetailSection } from './DetailSection';
import { EtaText } from './EtaText';
import { OrderProofs, shownProofKinds, type ProofFlags } from './OrderProofs';
import { ProofsDownloadButton } from './ProofsDownloadButton';
import { OrderTrackingMap } from './OrderTrackingMap';
import { RecipientMessageLog } from './RecipientMessageLog';
import { StatusBadge } from './StatusBadge';
import { StatusHistoryList } from './StatusHistoryList';
import { useOrderFormat } from './useOrderFormat';

export interface OrderDetailFlags {
  modifyOrder: boolean;
  deliveryReceipt: boolean;
  proofs: ProofFlags;
  /** OrderPrepareMessage: a NEW/RECEIVED order tells the vendor to prepare it. */
  prepareMessage: boolean;
  /** OrderPreAcceptedStaticText: a NEW/RECEIVED order says it is pre-accepted. */
  preAcceptedText: boolean;
  /** ShowTrackOrderBeforePickUp: the customer tracking link before pick-up too (always after). */
  trackOrderBeforePickUp: boolean;
}

/** The statuses in which the vendor still has the order in hand, before any rider is on it. */
const AWAITING_PREPARATION: ReadonlySet<OrderStatus> = new Set<OrderStatus>(['NEW', 'RECEIVED']);

interface Props {
  order: Order;
  /** The latest polled rider, fresher than the one the order carried. */
  rider: Rider | null;
  flags: OrderDetailFlags;
  /** Absent where the order cannot be cancelled from here (history). */
  cancelActor?: OrderCancelActor;
  /** Offers "Order again" (a past order, in History). */
  orderAgain?: boolean;
  /** Lists the messages sent to the recipient (read from the API; the drawers of History and tracking). */
  recipientMessages?: boolean;
}

/** Everything about one order (SPEC §2 order detail): status and ETA, map, customer, outlet, rider,
 * money, history, proofs and the actions the order allows. */
export function OrderDetail({ order, rider, flags, cancelActor, orderAgain = false, recipientMessages = false }: Props) {
  const t = useT();
  const message = useMessage();
  const format = useOrderFormat();
  const shownRider = rider ?? order.rider ?? null;
  const currency = order.currency;
  const location = order.customer.location;
  const collected = isInStatusGroup(order.status, 'collected') || isInStatusGroup(order.status, 'deliveredOrReturned');
  const delivered = isInStatusGroup(order.status, 'deliveredOrReturned');
  const tokenQuery = order.tracking_token ? `?t=${encodeURIComponent(order.tracking_token)}` : '';
  const awaitingPreparation = AWAITING_PREPARATION.has(order.status);
  // A pre-order held until dispatch shows its slot (in the zone) instead of estimates counted from now.
  const scheduled = isAwaitingDispatch(order);
  const showTrackingLink = tokenQuery !== '' && (collected || flags.trackOrderBeforePickUp);
  return (
    <Detail data-order-detail={order.order_id}>
      <Summary>
        <StatusBadge status={order.status} />
        {scheduled ? (
          <Slot>{t('order.collection.scheduled', { time: format.dateTime(order.preordered_for ?? 0) })}</Slot>
        ) : (
          <EtaText status={order.status} rider={shownRider} />
        )}
        <OrderId dir="ltr">{shownOrderId(order.order_id)}</OrderId>
      </Summary>

      {awaitingPreparation && flags.prepareMessage && <Notice kind="info">{t('order.notice.prepare')}</Notice>}
      {awaitingPreparation && flags.preAcceptedText && <Notice kind="info">{t('order.notice.pre-accepted')}</Notice>}

      <OrderTrackingMap
        status={order.status}
        pickup={order.pickup}
        dropoff={location}
        rider={shownRider}
        description={t('order.map.description', { address: location.address })}
      />

      <DetailSection
        title={t('order.detail.customer')}
        rows={[
          [t('order.field.name'), order.customer.name],
          [t('order.field.phone'), <a key="phone" href={`tel:${order.customer.phone_number}`} dir="ltr">{order.customer.phone_number}</a>],
          [t('order.field.address'), location.address],
          [t('order.field.unit'), order.unit_number],
          [t('order.field.building'), order.building],
          [t('order.field.notes'), location.notes],
        ]}
      />

      <DetailSection
        title={t('order.detail.order')}
        rows={[
          [isGuestOrder(order) ? t('order.field.sender') : t('order.field.outlet'), shownCollectionPoint(order)],
          [t('order.field.description'), order.order.description],
          [t('order.field.payment-method'), t(`payment-method.${order.order.payment_method}`)],
          [
            t('order.field.tag-id'),
            order.order.tag_id ? (
              <span key="tag-id">
                <TagId dir="ltr">{order.order.tag_id}</TagId>
                <TagHint>{t('order.tag-id-hint')}</TagHint>
              </span>
            ) : null,
          ],
          [t('order.field.created'), format.dateTime(order.created_at)],
          [
            t('order.field.collection-time'),
            order.preordered_for ? t('order.collection.scheduled', { time: format.dateTime(order.preordered_for) }) : t('order.collection.instant'),
          ],
          [t('order.field.estimated-pickup'), !scheduled && order.estimated_pickup_min != null ? t('order.minutes', { minutes: order.estimated_pickup_min }) : null],
          [t('order.field.estimated-delivery'), !scheduled && order.estimated_delivery_min != null ? t('order.minutes', { minutes: order.estimated_delivery_min }) : null],
          [t('order.field.cancel-reason'), order.cancel_reason ? message(order.cancel_reason) : null],
        ]}
      />

      {shownRider && (isRiderAssigned(order) || collected) && (
        <DetailSection
          title={t('order.detail.rider')}
          rows={[
            [t('order.field.name'), shownRider.name],
            [t('order.field.phone'), <a key="phone" href={`tel:${shownRider.phone}`} dir="ltr">{shownRider.phone}</a>],
          ]}
        />
      )}

      <DetailSection
        title={t('order.detail.charges')}
        rows={[
          [t('order.field.amount'), format.money(order.order.amount, currency)],
          [t('order.field.delivery-fee'), order.delivery_fee != null ? format.money(order.delivery_fee, currency) : null],
          [t('order.field.discount'), order.discount ? format.money(-order.discount, currency) : null],
          [t('order.field.total'), order.total_amount != null ? <strong key="total">{format.money(order.total_amount, currency)}</strong> : null],
        ]}
      />

      <DetailSection title={t('order.detail.history')}>
        <StatusHistoryList history={order.status_history} />
      </DetailSection>

      {recipientMessages && !isGuestOrder(order) && <RecipientMessageLog key={order.order_id} order={order} />}

      {shownProofKinds(order.proofs, flags.proofs).length > 0 && (
        <DetailSection title={t('order.detail.proofs')}>
          <OrderProofs proofs={order.proofs} flags={flags.proofs} />
          {/* The archived copies (photo and record of who received it) as a ZIP, kept after the courier's links expire. */}
          <ProofsDownloadButton request={{ kind: 'order', orderId: order.order_id }} label={t('order.proof.download')} />
        </DetailSection>
      )}

      <Actions>
        {cancelActor && !delivered && !isInStatusGroup(order.status, 'cancelled') && <CancelButton actor={cancelActor} />}
        {flags.modifyOrder && isEditable(order) && (
          <Link to="/request-a-rider/$vendorID" params={{ vendorID: order.vendor_id }} search={{ orderID: order.order_id }} className="order-action">
            {t('order.action.modify')}
          </Link>
        )}
        {orderAgain && !isGuestOrder(order) && (
          <Link to="/request-a-rider/$vendorID" params={{ vendorID: order.vendor_id }} search={{ again: order.order_id }} className="order-action">
            {t('order.action.order-again')}
          </Link>
        )}
        {showTrackingLink && (
          <a className="order-action" href={`${publicTrackingPath(publicTrackingKind(order), order.order_id)}${tokenQuery}`} target="_blank" rel="noreferrer">
            {t('order.action.tracking-link')}
          </a>
        )}
        {flags.deliveryReceipt && delivered && tokenQuery && (
          <a className="order-action" href={`/delivery-receipt/${encodeURIComponent(order.order_id)}${tokenQuery}`} target="_blank" rel="noreferrer">
            {t('order.action.receipt')}
          </a>
        )}
      </Actions>
      {cancelActor && <CancelOrderDialog actor={cancelActor} />}
    </Detail>
  );
}

/** Enabled only when the machine accepts the request (isCancellable with the flags and the clock). */
function CancelButton({ actor }: { actor: OrderCancelActor }) {
  const t = useT();
  const canCancel = useSelector(actor, (snapshot) => snapshot.can({ type: 'cancel.requested' }));
  // Only an idle machine can say the order is past cancelling; while the reason dialog is open the
  // request is already under way.
  const idle = useSelector(actor, (snapshot) => snapshot.matches('idle'));
  const unavailable = idle && !canCancel;
  return (
    <>
      <Button variant="danger" onClick={() => actor.send({ type: 'cancel.requested' })} disabled={!canCancel} aria-describedby={unavailable ? 'cancel-unavailable' : undefined}>
        {t('order.action.cancel')}
      </Button>
      {unavailable && <Hint id="cancel-unavailable">{t('order.cancel-unavailable')}</Hint>}
    </>
  );
}

const Hint = styled.p`
  flex-basis: 100%;
  margin: 0;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const TagId = styled.code`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

/** Under the tag id: what it is for. */
const TagHint = styled.span`
  display: block;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Detail = styled.div`
  display: flex;
  flex-direction: column;
`;

const Summary = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space(2)};
  margin-bottom: ${tokens.space(3)};
`;

const OrderId = styled.code`
  flex-basis: 100%;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space(2)};
  padding-top: ${tokens.space(4)};
  .order-action {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 ${tokens.space(4)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${tokens.radius.md};
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    text-decoration: none;
  }
  .order-action:hover { background: ${({ theme }) => theme.colors.background}; }
`;

const Slot = styled.span`
  font-size: 0.85rem;
  font-weight: 600;
`;
