import { useSelector } from '@xstate/react';
import { OrderSearch } from '../../components/orders/OrderSearch';
import type { OrdersListActor } from './ordersMachineProvider';

/** The search of a vendor's orders list: by customer phone or order id, with the recent searches. */
export function ListSearch({ list }: { list: OrdersListActor }) {
  const searchKey = useSelector(list, (snapshot) => snapshot.context.searchKey);
  const recentSearches = useSelector(list, (snapshot) => snapshot.context.recentSearches);
  return (
    <OrderSearch
      activeTerm={searchKey}
      recentSearches={recentSearches}
      onSearch={(term) => list.send({ type: 'search.submitted', term })}
      onClear={() => list.send({ type: 'search.cleared' })}
    />
  );
}
