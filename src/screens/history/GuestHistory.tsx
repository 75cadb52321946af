import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { guestOrderIdOf, isShownGuestOrderId } from '../../../domain/guestOrders';
import { sortNewestFirst } from '../../../domain/listGroups';
import { isPossiblePhone } from '../../../domain/phone';
import { isDirectOrderLookup, normaliseSearchPhone } from '../../../domain/search';
import { GUEST_VENDOR_ID } from '../../../domain/types';
import { Notice } from '../../components/Notice';
import { OrderListSection } from '../../components/orders/OrderListSection';
import { OrderSearch } from '../../components/orders/OrderSearch';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { ListsSkeleton } from '../tracking/ListsSkeleton';
import { useOrdersList } from '../tracking/useOrdersList';
import { PastOrderDrawer } from './PastOrderDrawer';

/** A guest finds an order by the customer's phone (a possible number, spaces removed) or by its id
 * (it starts with the guest vendor id), and is invited to create an account for the full history. */
export function GuestHistory() {
  const t = useT();
  const country = usePreferences().countryConfig.code;
  const { list } = useOrdersList('guest', GUEST_VENDOR_ID);
  const state = useSelector(list, (snapshot) => snapshot.value);
  const searchKey = useSelector(list, (snapshot) => snapshot.context.searchKey);
  const recentSearches = useSelector(list, (snapshot) => snapshot.context.recentSearches);
  const fetched = useSelector(list, (snapshot) => snapshot.context.orders);
  const results = useMemo(() => sortNewestFirst(fetched), [fetched]);
  const [refused, setRefused] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const openOrder = results.find((order) => order.order_id === openId) ?? null;

  const search = (term: string) => {
    // An id as the guest sees it (without the placeholder prefix) is looked up as the stored id.
    const lookup = isShownGuestOrderId(term) && !isPossiblePhone(normaliseSearchPhone(term), country) ? guestOrderIdOf(term) : term;
    const searchable = isDirectOrderLookup(lookup, GUEST_VENDOR_ID) || isPossiblePhone(normaliseSearchPhone(lookup), country);
    setRefused(!searchable);
    if (searchable) list.send({ type: 'search.submitted', term: lookup });
  };

  return (
    <Column>
      <Notice kind="info">
        <Prompt>
          <span>{t('history.guest.prompt')}</span>
          <Link to="/register">{t('history.guest.register')}</Link>
        </Prompt>
      </Notice>
      <OrderSearch
        activeTerm={searchKey}
        recentSearches={recentSearches}
        onSearch={search}
        onClear={() => {
          setRefused(false);
          list.send({ type: 'search.cleared' });
        }}
        placeholderKey="history.guest.search-placeholder"
      />
      {refused && <Notice kind="warning">{t('history.guest.search-invalid')}</Notice>}
      {searchKey !== '' &&
        (state === 'loading' ? (
          <ListsSkeleton columns={1} />
        ) : (
          <OrderListSection group="search" orders={results} selectedOrderId={openId} onSelect={setOpenId} />
        ))}
      <PastOrderDrawer order={openOrder} onClose={() => setOpenId(null)} />
    </Column>
  );
}

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(4)};
`;

const Prompt = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space(2)};
  a { font-weight: 600; color: ${({ theme }) => theme.colors.primary}; }
`;
