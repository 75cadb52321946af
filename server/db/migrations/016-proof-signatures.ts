import type { Kysely, Migration } from 'kysely';

// The proof archive keeps the receiver's signature beside the photo (server/proofs/copyOnArrival.ts):
// its object key, null for proofs that came without one (pickup, return, and those archived before).
export const proofSignaturesMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('proof_archive').addColumn('signature_key', 'text').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('proof_archive').dropColumn('signature_key').execute();
  },
};
