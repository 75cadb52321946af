import { LIST_GROUPS, listGroupOf, sortNewestFirst, type ListGroup } from '../../../domain/listGroups';
import type { Order, UnixSeconds } from '../../../domain/types';

export type GroupedOrders = Record<ListGroup, Order[]>;

/** The tracking lists (SPEC §4 grouping rules), each newest first. */
export function groupActiveOrders(orders: readonly Order[], nowUnix: UnixSeconds): GroupedOrders {
  const groups = Object.fromEntries(LIST_GROUPS.map((group) => [group, [] as Order[]])) as GroupedOrders;
  for (const order of orders) groups[listGroupOf(order, nowUnix)].push(order);
  for (const group of LIST_GROUPS) groups[group] = sortNewestFirst(groups[group]);
  return groups;
}
