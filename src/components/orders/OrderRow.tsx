import { memo } from 'react';
import styled from 'styled-components';
import { shownCollectionPoint, shownOrderId } from '../../../domain/guestOrders';
import type { Order } from '../../../domain/types';
import { tokens } from '../../theme/theme';
import { oneLineUserText } from '../../theme/userText';
import { EtaText } from './EtaText';
import { StatusBadge } from './StatusBadge';
import { useOrderFormat } from './useOrderFormat';

interface Props {
  order: Order;
  selected: boolean;
  onSelect: (orderId: string) => void;
}

/** One order in a tracking list: a button that opens its detail. Memoised: live updates re-render only
 * the rows whose order object changed. */
export const OrderRow = memo(function OrderRow({ order, selected, onSelect }: Props) {
  const format = useOrderFormat();
  const when = order.preordered_for ?? order.created_at;
  const collectionPoint = shownCollectionPoint(order);
  return (
    <Item>
      <RowButton
        type="button"
        aria-current={selected || undefined}
        data-order-id={order.order_id}
        $selected={selected}
        onClick={() => onSelect(order.order_id)}
      >
        <Line>
          <Customer>{order.customer.name}</Customer>
          <Meta as="time" dateTime={new Date(when * 1000).toISOString()}>{format.time(when)}</Meta>
        </Line>
        <Line>
          <StatusBadge status={order.status} />
          <EtaText status={order.status} rider={order.rider} />
        </Line>
        <Meta>{shownOrderId(order.order_id)}</Meta>
        {collectionPoint && <Meta>{collectionPoint}</Meta>}
      </RowButton>
    </Item>
  );
});

const Item = styled.li`
  list-style: none;
  & + & { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
`;

const RowButton = styled.button<{ $selected: boolean }>`
  display: flex;
  flex-direction: column;
  width: 100%;
  gap: ${tokens.space(1)};
  padding: ${tokens.space(3)} ${tokens.space(4)};
  border: 0;
  background: ${({ theme, $selected }) => ($selected ? theme.colors.primarySoft : 'transparent')};
  color: inherit;
  font: inherit;
  text-align: start;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.primarySoft}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: -3px; }
`;

const Line = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space(2)};
  min-width: 0;
`;

const Customer = styled.span`
  flex: 1 1 0;
  min-width: 0;
  font-weight: 600;
  ${oneLineUserText}
`;

const Meta = styled.span`
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
  ${oneLineUserText}
`;
