// Test builder for orders: anOrder().withStatus('PICKED_UP').createdAt(t).build()
import type { Order, OrderStatus, StatusHistoryEntry, UnixSeconds } from '../../domain';

/** 2026-03-10T12:00:00Z, a Tuesday. */
export const NOON_UTC_2026_03_10: UnixSeconds = Date.UTC(2026, 2, 10, 12, 0, 0) / 1000;

class OrderBuilder {
  private order: Order = {
    order_id: 'v-1-0001',
    vendor_id: 'v-1',
    created_at: NOON_UTC_2026_03_10,
    updated_at: NOON_UTC_2026_03_10,
    status: 'NEW',
    status_history: [],
    preordered_for: null,
    customer: {
      name: 'Sara Ahmed',
      phone_number: '+966501234567',
      location: { address: 'King Fahd Rd, Riyadh', latitude: 24.7136, longitude: 46.6753 },
    },
    order: { amount: 120, description: 'Documents', payment_method: 'CASH_ON_DELIVERY' },
  };

  /** Sets the status and appends it to the history at the given time (default: created_at). */
  withStatus(status: OrderStatus, at?: UnixSeconds): this {
    this.order.status = status;
    this.order.status_history.push({ status, created_at: at ?? this.order.created_at });
    return this;
  }

  /** Replaces the history; statuses without a time are spaced a minute apart from created_at. */
  withHistory(entries: readonly (OrderStatus | StatusHistoryEntry)[]): this {
    this.order.status_history = entries.map((entry, index) =>
      typeof entry === 'string' ? { status: entry, created_at: this.order.created_at + 60 * index } : { ...entry },
    );
    return this;
  }

  /** Sets the current status without touching the history. */
  currently(status: OrderStatus): this {
    this.order.status = status;
    return this;
  }

  createdAt(unix: UnixSeconds): this {
    this.order.created_at = unix;
    this.order.updated_at = unix;
    return this;
  }

  preorderedFor(unix: UnixSeconds | null): this {
    this.order.preordered_for = unix;
    return this;
  }

  withId(orderId: string): this {
    this.order.order_id = orderId;
    return this;
  }

  build(): Order {
    return structuredClone(this.order);
  }
}

export function anOrder(): OrderBuilder {
  return new OrderBuilder();
}
