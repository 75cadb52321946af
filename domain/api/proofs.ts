// The proof archive's downloads (issue #27 "Proof archive"): one order's proofs, and a period's
// proofs in bulk, each a ZIP with a CSV index (index.csv), streamed.
import { Type, type Static } from 'typebox';
import { StrictObject } from './envelope';

/** POST /proofs/export: the proofs taken in [from, to] of the vendor (and, for a parent, its outlets). */
export const ExportProofsBody = StrictObject({
  vendor_id: Type.String({ maxLength: 200 }),
  from: Type.Integer({ minimum: 0, description: 'Unix seconds: proofs taken at or after.' }),
  to: Type.Integer({ minimum: 0, description: 'Unix seconds: proofs taken at or before.' }),
  include_outlets: Type.Optional(Type.Boolean()),
});
export type ExportProofsBody = Static<typeof ExportProofsBody>;

export const OrderProofsParams = StrictObject({ orderId: Type.String({ maxLength: 200 }) });
export type OrderProofsParams = Static<typeof OrderProofsParams>;
