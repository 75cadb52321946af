// Tables of migration 008 (webhooks).
import type { WebhookDeliveryState } from '../../domain/api';

export interface WebhookEndpointsTable {
  endpoint_id: string;
  /** The vendor whose orders it hears (a parent: its outlets' orders too). */
  vendor_id: string;
  url: string;
  /** Comma-separated WebhookEventType values. */
  events: string;
  /** The signing secret, encrypted (secretBox.ts). */
  secret_box: string;
  /** The secret before the last rotation, still signing until previous_secret_expires_at (unix s). */
  previous_secret_box: string | null;
  previous_secret_expires_at: number | null;
  created_by_email: string;
  created_at: number;
  updated_at: number;
  /** Unix seconds since a delivery ran out of retries; null once one succeeds again. */
  failing_since: number | null;
}

export interface WebhookDeliveriesTable {
  delivery_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  /** Null for test events. */
  order_id: string | null;
  /** Position of the event in its order's history: an order's deliveries go out in this order. */
  order_seq: number;
  /** The JSON body, fixed when the event happened. */
  payload: string;
  state: WebhookDeliveryState;
  attempts: number;
  /** Unix ms. */
  created_at: number;
  /** Unix ms: retries stop 24 h after this (reset by a resend). */
  window_started_at: number;
  /** Unix ms on the server clock. */
  next_attempt_at: number;
  last_status_code: number | null;
}

export interface WebhookAttemptsTable {
  delivery_id: string;
  attempt: number;
  /** Unix ms. */
  at: number;
  /** Null when no answer came (timeout, refused connection, refused address). */
  status_code: number | null;
  latency_ms: number;
  /** The first bytes of the answer's body. */
  excerpt: string;
  error: string | null;
}
