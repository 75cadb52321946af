// All migrations, in name order, as an in-code provider (no file-system scanning, so it works the
// same under tsx, vitest and a bundle). Each migration file has one line here.
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from '../connect';
import { migration001AccountsVendors } from './001-accounts-vendors';
import { ordersMigration } from './002-orders';
import { bulkJobsMigration } from './003-bulk-jobs';
import { scaleOutMigration } from './004-scale-out';
import { paymentsSandboxMigration } from './005-payments-sandbox';
import { pendingVendorClaimsMigration } from './006-pending-vendor-claims';
import { apiKeysMigration } from './007-api-keys';
import { webhooksMigration } from './008-webhooks';
import { insightsOrderFactsMigration } from './009-insights-order-facts';
import { recipientNotificationsMigration } from './010-recipient-notifications';
import { orderTemplatesMigration } from './011-order-templates';
import { orderOutboxMigration } from './012-webhooks-order-outbox';
import { teamsMembersMigration } from './013-teams-members';
import { proofArchiveMigration } from './014-proofs-archive';
import { recurringOrdersMigration } from './015-recurring-orders';
import { proofSignaturesMigration } from './016-proof-signatures';

const migrations: Record<string, Migration> = {
  '001-accounts-vendors': migration001AccountsVendors,
  '002-orders': ordersMigration,
  '003-bulk-jobs': bulkJobsMigration,
  '004-scale-out': scaleOutMigration,
  '005-payments-sandbox': paymentsSandboxMigration,
  '006-pending-vendor-claims': pendingVendorClaimsMigration,
  '007-api-keys': apiKeysMigration,
  '008-webhooks': webhooksMigration,
  '009-insights-order-facts': insightsOrderFactsMigration,
  '010-recipient-notifications': recipientNotificationsMigration,
  '011-order-templates': orderTemplatesMigration,
  '012-webhooks-order-outbox': orderOutboxMigration,
  '013-teams-members': teamsMembersMigration,
  '014-proofs-archive': proofArchiveMigration,
  '015-recurring-orders': recurringOrdersMigration,
  '016-proof-signatures': proofSignaturesMigration,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
