// Kysely's view of every table: each migration's tables as the migration creates them, with one
// line each in `Database`. Dialect-neutral conventions (SQLite now, PostgreSQL later):
// booleans are integers 0/1, times are unix seconds (integers), JSON is TEXT, ids are TEXT.
import type { Generated } from 'kysely';
import type { Role } from '../../domain';
import type { AuditEventsTable, MemberStatus, TeamInvitationsTable } from '../teams/tables';
import type { AddressBookEntry, OrderTemplate } from '../../domain/api';
import type { LiveMessagesTable, ScheduledJobsTable } from '../cluster/tables';
import type { ProofArchiveTable } from '../proofs/tables';
import type { ApiKeysTable, ApiKeyVendorsTable } from '../apiKeys/tables';
import type { OrderFactsTable } from '../insights/tables';
import type { NotificationMessagesTable, NotificationOptOutsTable, NotificationSettingsTable } from '../notifications/tables';
import type { RecurringRunsTable, RecurringSchedulesTable } from '../recurring/tables';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '../webhooks/tables';
import type { IdempotencyKeysTable, OrderOutboxTable, OrdersTable, PaymentOrdersTable, VouchersTable } from '../orders/tables';

export type Bool01 = 0 | 1;

export interface AccountsTable {
  account_id: string;
  /** Lower-cased. */
  email: string;
  password_hash: string;
  phone_number: string;
  /** Unix seconds; null until the verification link is followed. */
  verified_at: number | null;
  /** Logout and password reset: access tokens issued before this (unix s) stop working. */
  sessions_revoked_at: number | null;
  created_at: number;
}

export interface VendorsTable {
  vendor_id: string;
  parent_vendor_id: string | null;
  client_vendor_id: string;
  is_parent: Bool01;
  is_active: Bool01;
  is_registered: Bool01;
  name: string;
  business_name: string;
  /** Registration code; unique when set. */
  vendor_code: string | null;
  vat_number: string | null;
  currency: string;
  contact_phone: string;
  /** JSON array of owner emails. */
  owners_json: string;
  address_text: string;
  building: string;
  city: string;
  country_code: string;
  latitude: number | null;
  longitude: number | null;
  postal_code: string;
  street: string;
  street_number: string;
  unit: string;
  rider_instructions: string;
  /** Pipe-separated PaymentMethod values. */
  payment_methods: string;
  estimation_pick_up_time: number;
  created_at: number;
  updated_at: number;
}

/** Which vendors an account is linked to (a parent reaches its outlets through parent_vendor_id). */
export interface AccountVendorsTable {
  account_id: string;
  vendor_id: string;
  /** Migration 012: the member's role at this vendor (and its outlets); links made without one are owners. */
  role: Generated<Role>;
  /** Migration 012: a suspended member reaches nothing of this vendor. */
  status: Generated<MemberStatus>;
}

export interface EmailVerificationsTable {
  /** SHA-256 of the token sent in the link. */
  token_hash: string;
  account_id: string;
  expires_at: number;
  used_at: number | null;
}

/** A registration's vendor, bound to the account when its address is verified (migration 006). */
export interface PendingVendorClaimsTable {
  account_id: string;
  vendor_id: string;
  business_name: string;
  created_at: number;
}

export interface RefreshTokensTable {
  token_hash: string;
  account_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface PasswordResetCodesTable {
  account_id: string;
  code_hash: string;
  expires_at: number;
  attempts: number;
}

export interface GuestSessionsTable {
  guest_id: string;
  name: string;
  email: string;
  phone_number: string;
  country_code: string;
  created_at: number;
  expires_at: number;
}

/** An address-book row: the wire entry (domain/api) under its stored id, with its vendor and time. */
export type AddressBookTable = Omit<AddressBookEntry, 'id'> & {
  entry_id: string;
  vendor_id: string;
  created_at: number;
};

/** '' in country_code / vendor_id means "any" (dialect-neutral primary key, no NULLs). */
export interface CountryParametersTable {
  name: string;
  country_code: string;
  vendor_id: string;
  value: string;
}

/** '' in country / brand / vendor_id means "any". variation_json is a JSON value. */
export interface FeatureFlagsTable {
  name: string;
  country: string;
  brand: string;
  vendor_id: string;
  variation_json: string;
  updated_at: number;
}

/** Counters of the DB-backed rate limiter (shared by several server processes). */
export interface RateLimitHitsTable {
  bucket_key: string;
  window_start: number;
  hits: number;
}

export interface Database {
  accounts: AccountsTable;
  vendors: VendorsTable;
  account_vendors: AccountVendorsTable;
  email_verifications: EmailVerificationsTable;
  pending_vendor_claims: PendingVendorClaimsTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_codes: PasswordResetCodesTable;
  guest_sessions: GuestSessionsTable;
  address_book: AddressBookTable;
  country_parameters: CountryParametersTable;
  feature_flags: FeatureFlagsTable;
  rate_limit_hits: RateLimitHitsTable;
  // Tables of other migrations are added below this line by their owners.
  // server-orders (migration 002; column docs in server/orders/tables.ts)
  orders: OrdersTable;
  idempotency_keys: IdempotencyKeysTable;
  vouchers: VouchersTable;
  payment_orders: PaymentOrdersTable;
  // webhooks: the order-change outbox (migration 012; server/orders/changeOutbox.ts)
  order_outbox: OrderOutboxTable;
  // bulk-server (migration 003)
  bulk_jobs: BulkJobsTable;
  bulk_job_rows: BulkJobRowsTable;
  // reorder (migration 011)
  order_templates: OrderTemplatesTable;
  // scale-out (migration 004; column docs in server/cluster/tables.ts)
  scheduled_jobs: ScheduledJobsTable;
  live_messages: LiveMessagesTable;
  // api-keys (migration 007; column docs in server/apiKeys/tables.ts)
  api_keys: ApiKeysTable;
  api_key_vendors: ApiKeyVendorsTable;
  // insights (migration 009; column docs in server/insights/tables.ts)
  order_facts: OrderFactsTable;
  // recipient notifications (migration 010; column docs in server/notifications/tables.ts)
  notification_settings: NotificationSettingsTable;
  notification_messages: NotificationMessagesTable;
  notification_opt_outs: NotificationOptOutsTable;
  // webhooks (migration 008; column docs in server/webhooks/tables.ts)
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  // teams (migration 012; column docs in server/teams/tables.ts)
  team_invitations: TeamInvitationsTable;
  audit_events: AuditEventsTable;
  // proof archive (migration 014; column docs in server/proofs/tables.ts)
  proof_archive: ProofArchiveTable;
  // recurring orders (migration 015; column docs in server/recurring/tables.ts)
  recurring_schedules: RecurringSchedulesTable;
  recurring_runs: RecurringRunsTable;
}

/** bulk-server (migration 003): one uploaded file. */
export interface BulkJobsTable {
  bulk_job_id: string;
  vendor_id: string;
  /** The uploader's email (or `godroid:{vendorId}`), shown as "created by". */
  created_by: string;
  /** The uploader's principal, so a placement resumed after a restart acts as them. */
  principal_json: string;
  created_at: number;
  updated_at: number;
  file_name: string;
  /** A BulkJobStatus. */
  status: string;
  /** 'NONE' until placement is asked for, 'QUEUED' while it runs (resumed on start), then 'DONE'. */
  placement: string;
}

/** bulk-server (migration 003): one spreadsheet line of a bulk job. */
export interface BulkJobRowsTable {
  bulk_job_id: string;
  row_number: number;
  /** BulkJobRow['status']. */
  status: string;
  /** A translation key. */
  error: string | null;
  order_id: string | null;
  /** The collection point (outlet vendor id) a valid row is placed for. */
  outlet_id: string | null;
  /** JSON of the row's content (server/bulk/rowDocument.ts). */
  document: string;
}

/** reorder (migration 011): a saved order template of one outlet (domain/api/templates.ts). */
export type OrderTemplatesTable = Omit<OrderTemplate, 'id'> & { template_id: string };

/** Kept for tables with database-generated columns. */
export type { Generated };
