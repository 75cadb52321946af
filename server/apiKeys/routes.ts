// Settings → Developers: a signed-in user creates, lists and revokes API keys for the vendors it
// reaches. Keys cannot manage keys (keyRoutes.ts keeps them to the order routes).
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/tenancy';
import { forbidden, unprocessable } from '../http/errors';
import { strictObject } from '../http/validation';
import { auditedChange } from '../teams/audit';
import type { ApiKeyChecker } from './checker';
import { Type } from 'typebox';
import { ApiKeySummary, CreatedApiKey, Result, type ApiKeyBody } from '../../domain/api';
import { createApiKey, listApiKeys, revokeApiKey } from './repository';
import { errorAnswers } from '../http/openapi';

/** How many vendors one key may name (a parent stands for all its outlets). */
const MAX_SCOPE = 100;

const createBody = strictObject({
  name: { type: 'string', maxLength: 100 },
  access: { type: 'string', enum: ['read', 'write'] },
  vendor_ids: { type: 'array', minItems: 1, maxItems: MAX_SCOPE, items: { type: 'string', minLength: 1, maxLength: 200 } },
});
const keyParams = strictObject({ keyId: { type: 'string', minLength: 1, maxLength: 64 } });

export async function apiKeyRoutes(app: FastifyInstance, options: { apiKeys: ApiKeyChecker }): Promise<void> {
  const { db } = app;

  app.get('/api-keys', { schema: { response: { 200: Result(Type.Object({ api_keys: Type.Array(ApiKeySummary) })), ...errorAnswers(401, 403) } } }, async (request) => {
    const user = requireUser(request);
    return { result: { api_keys: await listApiKeys(db, user.vendorIds) } };
  });

  app.post<{ Body: ApiKeyBody }>('/api-keys', { schema: { body: createBody, response: { 200: Result(CreatedApiKey), ...errorAnswers(400, 401, 403, 422) } } }, async (request) => {
    const user = requireUser(request);
    // Tenancy first: every vendor of the scope must be one the user reaches (403 alike for foreign and unknown).
    if (request.body.vendor_ids.some((id) => !user.vendorIds.includes(id))) throw forbidden('error.forbidden', 'vendor_ids');
    const name = request.body.name.trim();
    if (name === '') throw unprocessable('developers.keys.error.name-required', 'name');
    const nowS = app.clock.nowS();
    const created = await auditedChange(db, user, nowS, (trx) => createApiKey(trx, options.apiKeys.pepper, {
      name, access: request.body.access, vendorIds: request.body.vendor_ids, accountId: user.userId, email: user.email, nowS,
    }), ({ view }) => view.vendor_ids.map((vendorId) => ({
      vendorId, action: 'api-key.created', subject: view.key_id, detail: { name: view.name, access: view.access },
    })));
    // The only answer that ever holds the key itself.
    return { result: { key: created.key, api_key: created.view } };
  });

  app.delete<{ Params: { keyId: string } }>('/api-keys/:keyId', { schema: { params: keyParams, response: { 200: Result(Type.Literal(true)), ...errorAnswers(400, 401, 403) } } }, async (request) => {
    const user = requireUser(request);
    const nowS = app.clock.nowS();
    const revoked = await auditedChange(db, user, nowS, (trx) => revokeApiKey(trx, user.vendorIds, request.params.keyId, nowS),
      (vendorIds) => (vendorIds ?? []).map((vendorId) => ({ vendorId, action: 'api-key.revoked', subject: request.params.keyId })));
    if (revoked === null) throw forbidden('error.forbidden', 'key_id');
    return { result: true };
  });
}
