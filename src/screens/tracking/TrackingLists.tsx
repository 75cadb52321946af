import { useState } from 'react';
import styled from 'styled-components';
import { LIST_GROUPS, type ListGroup } from '../../../domain/listGroups';
import type { Order } from '../../../domain/types';
import { OrderListSection } from '../../components/orders/OrderListSection';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import type { GroupedOrders } from './groupActiveOrders';

interface Props {
  grouped: GroupedOrders | null;
  searchResults: readonly Order[] | null;
  selectedOrderId: string | null;
  onSelect: (orderId: string) => void;
}

/** New, scheduled, collected, delivered and cancelled side by side; on a phone one list at a time,
 * chosen with the switcher above them. Or the search results when searching. */
export function TrackingLists({ grouped, searchResults, selectedOrderId, onSelect }: Props) {
  const t = useT();
  const [shown, setShown] = useState<ListGroup>('new');
  if (searchResults) {
    return <OrderListSection group="search" orders={searchResults} selectedOrderId={selectedOrderId} onSelect={onSelect} />;
  }
  if (!grouped) return null;
  return (
    <>
      <Switcher aria-label={t('tracking.lists')}>
        {LIST_GROUPS.map((group) => (
          <button key={group} type="button" aria-pressed={shown === group} onClick={() => setShown(group)}>
            {t(`tracking.list.${group}`)} <span>{grouped[group].length}</span>
          </button>
        ))}
      </Switcher>
      <Grid>
        {LIST_GROUPS.map((group) => (
          <Column key={group} $shownOnPhone={shown === group}>
            <OrderListSection group={group} orders={grouped[group]} selectedOrderId={selectedOrderId} onSelect={onSelect} />
          </Column>
        ))}
      </Grid>
    </>
  );
}

// The switches wrap onto a second line rather than scroll: a sideways scroller hid Delivered and
// Cancelled off-screen with nothing to say they were there.
const Switcher = styled.div`
  display: none;
  flex-wrap: wrap;
  gap: ${tokens.space(2)};
  margin-bottom: ${tokens.space(3)};
  padding-bottom: ${tokens.space(1)};
  @media (max-width: ${tokens.smallScreen}) { display: flex; }
  button {
    flex-shrink: 0;
    min-height: 40px;
    padding: 0 ${tokens.space(3)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${tokens.radius.pill};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-size: 0.9rem;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    font-weight: 600;
  }
  span { margin-inline-start: ${tokens.space(1)}; }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${tokens.space(4)};
  align-items: start;
`;

const Column = styled.div<{ $shownOnPhone: boolean }>`
  min-width: 0;
  @media (max-width: ${tokens.smallScreen}) { display: ${({ $shownOnPhone }) => ($shownOnPhone ? 'block' : 'none')}; }
`;
