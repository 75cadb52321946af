// Table of migration 009 (insights). server/db/schema.ts's Database includes it.
import type { OrderFacts } from '../../domain/insights';

/**
 * One row per order: the figures Insights adds up (domain/insights/orderFacts.ts), written with the
 * order by server/orders/repository.ts. Narrow rows, so aggregates over 100 000 orders read a few
 * megabytes instead of parsing every order's JSON document (which SQLite and PostgreSQL also query
 * in different syntax).
 */
export type OrderFactsTable = OrderFacts;
