import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useRef, type CSSProperties, type KeyboardEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { isGuestOrder, shownCollectionPoint, shownOrderId } from '../../../domain/guestOrders';
import styled from 'styled-components';
import type { Order } from '../../../domain/types';
import { StatusBadge } from '../../components/orders/StatusBadge';
import { useOrderFormat } from '../../components/orders/useOrderFormat';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { oneLineUserText } from '../../theme/userText';

const ROW_HEIGHT = 56;
/** Rows rendered beyond each edge of the view: enough for a fast flick, few enough to mount cheaply. */
const OVERSCAN = 8;

type OrderFormat = ReturnType<typeof useOrderFormat>;

const rowHeight = () => ROW_HEIGHT;

interface Props {
  orders: readonly Order[];
  onOpen: (orderId: string) => void;
}

/**
 * The all-orders table. Only the rows in view are in the DOM, so 10 000 rows scroll smoothly: the
 * rows are memoised with stable props (a row already shown is not rendered again while scrolling),
 * the formatters are built once for the table, and the rows are plain elements styled by the
 * scroller's one class rather than a styled component each.
 */
export function HistoryTable({ orders, onOpen }: Props) {
  const t = useT();
  const format = useOrderFormat();
  const orderAgain = t('order.action.order-again');
  const scroller = useRef<HTMLDivElement>(null);
  // Stable between scroll frames: a new key function makes the virtualiser re-measure every row.
  const keyOf = useCallback((index: number) => orders[index]?.order_id ?? index, [orders]);
  const virtualizer = useVirtualizer({
    count: orders.length,
    getScrollElement: () => scroller.current,
    estimateSize: rowHeight,
    getItemKey: keyOf,
    overscan: OVERSCAN,
    // Let React batch the scroll's re-render with the frame instead of forcing it synchronously.
    useFlushSync: false,
    // jsdom (tests) has no layout: start with a window's worth of rows.
    initialRect: { width: 1024, height: 640 },
  });
  return (
    <Table role="table" aria-label={t('history.table')} aria-rowcount={orders.length + 1}>
      <HeaderRow role="row" aria-rowindex={1}>
        <span role="columnheader">{t('history.column.customer')}</span>
        <span role="columnheader" className="wide">{t('history.column.order')}</span>
        <span role="columnheader" className="wide">{t('history.column.created')}</span>
        <span role="columnheader" className="wide">{t('history.column.outlet')}</span>
        <span role="columnheader">{t('history.column.status')}</span>
        <span role="columnheader" className="end">{t('history.column.total')}</span>
        <span role="columnheader" className="wide"><span className="visually-hidden">{t('history.column.actions')}</span></span>
      </HeaderRow>
      {/* As tall as its rows up to the scrolling height, so a short list leaves no empty box below it. */}
      <Scroller ref={scroller} role="rowgroup" data-testid="history-rows" style={{ '--rows-height': `${orders.length * ROW_HEIGHT}px` } as CSSProperties}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const order = orders[item.index];
            if (!order) return null;
            return <HistoryRow key={item.key} order={order} index={item.index} format={format} orderAgain={orderAgain} onOpen={onOpen} />;
          })}
        </div>
      </Scroller>
    </Table>
  );
}

interface RowProps {
  order: Order;
  index: number;
  format: OrderFormat;
  /** The "Order again" action's label. */
  orderAgain: string;
  onOpen: (orderId: string) => void;
}

/** One order's row, placed by its index (rows have one fixed height). */
const HistoryRow = memo(function HistoryRow({ order, index, format, orderAgain, onOpen }: RowProps) {
  const open = () => onOpen(order.order_id);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  const total = order.total_amount ?? order.order.amount + (order.delivery_fee ?? 0) - (order.discount ?? 0);
  return (
    <div
      className="history-row"
      role="row"
      tabIndex={0}
      aria-rowindex={index + 2}
      data-order-id={order.order_id}
      style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}
      onClick={open}
      onKeyDown={onKeyDown}
    >
      <span role="cell" className="customer user-text">{order.customer.name}</span>
      <span role="cell" className="wide mono user-text">{shownOrderId(order.order_id)}</span>
      <span role="cell" className="wide">{format.dateTime(order.created_at)}</span>
      <span role="cell" className="wide user-text">{shownCollectionPoint(order) ?? ''}</span>
      <span role="cell"><StatusBadge status={order.status} /></span>
      <span role="cell" className="end">{format.money(total, order.currency)}</span>
      {/* Not on a phone, where it would squeeze the customer's name out: the order's drawer offers it there. */}
      <span role="cell" className="wide">
        {!isGuestOrder(order) && (
          // Its own action: the row's click and keys open the drawer, this link starts a new request.
          <Link
            to="/request-a-rider/$vendorID"
            params={{ vendorID: order.vendor_id }}
            search={{ again: order.order_id }}
            className="order-again"
            onClick={(event) => event.stopPropagation()}
            onKeyDown={(event) => event.stopPropagation()}
          >
            {orderAgain}
          </Link>
        )}
      </span>
    </div>
  );
});

const columns = `
  display: grid;
  grid-template-columns: minmax(120px, 1.2fr) minmax(160px, 1.4fr) minmax(140px, 1fr) minmax(100px, 1fr) minmax(120px, 0.9fr) minmax(90px, 0.7fr) 9rem;
  gap: ${tokens.space(3)};
  align-items: center;
  padding: 0 ${tokens.space(4)};
  @media (max-width: ${tokens.smallScreen}) {
    grid-template-columns: 1fr auto auto;
    .wide { display: none; }
  }
  > span { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .end { text-align: end; }
`;

const Table = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${tokens.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
`;

const HeaderRow = styled.div`
  ${columns}
  height: 44px;
  font-size: 0.8rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textMuted};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Scroller = styled.div`
  height: min(64vh, 640px, var(--rows-height));
  overflow-y: auto;
  contain: strict;
  .history-row {
    ${columns}
    position: absolute;
    top: 0;
    left: 0;
    right: 0;
    height: ${ROW_HEIGHT}px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    font-size: 0.9rem;
    cursor: pointer;
    contain: layout style;
  }
  .history-row .user-text { ${oneLineUserText} }
  .history-row .mono { font-family: ui-monospace, monospace; font-size: 0.8rem; }
  .history-row .customer { font-weight: 600; }
  .history-row .order-again {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
  .history-row:hover { background: ${({ theme }) => theme.colors.primarySoft}; }
  .history-row:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: -3px; }
`;
