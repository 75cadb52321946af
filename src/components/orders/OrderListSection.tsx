import styled from 'styled-components';
import type { Order } from '../../../domain/types';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { OrderRow } from './OrderRow';

interface Props {
  /** The list's catalogue key suffix: new, preorder, collected, delivered, cancelled, search. */
  group: string;
  orders: readonly Order[];
  selectedOrderId: string | null;
  onSelect: (orderId: string) => void;
}

/** A titled list of orders with its count and an empty line when it has none. */
export function OrderListSection({ group, orders, selectedOrderId, onSelect }: Props) {
  const t = useT();
  const headingId = `orders-${group}-heading`;
  return (
    <Section aria-labelledby={headingId} data-list={group}>
      <Heading id={headingId}>
        <span>{t(`tracking.list.${group}`)}</span>
        <Count aria-label={t('tracking.list.count', { count: orders.length })}>{orders.length}</Count>
      </Heading>
      {orders.length === 0 ? (
        <Empty>{t('tracking.list.empty')}</Empty>
      ) : (
        <List>
          {orders.map((order) => (
            <OrderRow key={order.order_id} order={order} selected={order.order_id === selectedOrderId} onSelect={onSelect} />
          ))}
        </List>
      )}
    </Section>
  );
}

const Section = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${tokens.radius.lg};
  overflow: hidden;
  min-width: 0;
`;

const Heading = styled.h2`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin: 0;
  padding: ${tokens.space(3)} ${tokens.space(4)};
  font-size: 1rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Count = styled.span`
  min-width: 28px;
  padding: 0 ${tokens.space(2)};
  border-radius: ${tokens.radius.pill};
  background: ${({ theme }) => theme.colors.background};
  text-align: center;
  font-size: 0.85rem;
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  max-height: 60vh;
  overflow-y: auto;
`;

const Empty = styled.p`
  margin: 0;
  padding: ${tokens.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;
