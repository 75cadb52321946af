// API keys (Settings → Developers): what a key looks like when listed, what creates one, and the one
// answer that holds the key itself.
import { Type, type Static } from 'typebox';

/** Read-only keys may read orders; order-writing keys may also create and cancel them. */
export const ApiKeyAccess = Type.Union([Type.Literal('read'), Type.Literal('write')]);
export type ApiKeyAccess = Static<typeof ApiKeyAccess>;

/** A key as listed (GET /api-keys): never its secret. */
export const ApiKeySummary = Type.Object({
  key_id: Type.String(),
  prefix: Type.String({ description: '`cpk_{key_id}`: the part of the key that may be shown again.' }),
  name: Type.String(),
  access: ApiKeyAccess,
  vendor_ids: Type.Array(Type.String()),
  created_by: Type.String({ description: "The creator's e-mail address." }),
  created_at: Type.Integer({ description: 'Unix seconds.' }),
  last_used_at: Type.Union([Type.Integer({ description: 'Unix seconds.' }), Type.Null()]),
});
export type ApiKeySummary = Static<typeof ApiKeySummary>;

/** POST /api-keys body. */
export const ApiKeyBody = Type.Object({ name: Type.String(), access: ApiKeyAccess, vendor_ids: Type.Array(Type.String()) });
export type ApiKeyBody = Static<typeof ApiKeyBody>;

/** POST /api-keys answer: the only one that holds the key itself, shown once. */
export const CreatedApiKey = Type.Object({ key: Type.String(), api_key: ApiKeySummary });
export type CreatedApiKey = Static<typeof CreatedApiKey>;
