import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from '../http/errors';
import { requestHash } from './requestHash';
import type { IdempotencyStore, StoredResponse } from './store';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 255;
const WAIT_STEP_MS = 20;
const MAX_WAIT_MS = 15_000;

export interface IdempotentCall {
  store: IdempotencyStore;
  /** Who and for which vendor: the same key from another vendor or principal is another request. */
  scope: string;
  /** The Idempotency-Key header, if any. */
  key: string | undefined;
  /** Method and route pattern plus the body: what "the same request" means. */
  route: string;
  body: unknown;
  nowUnix: () => number;
  work: () => Promise<StoredResponse>;
}

/**
 * Runs `work` once per (scope, key, body) within 24 h and returns the first response to every
 * repeat (reusable by POST /order, payment confirm, bulk placement and outlet creation). A repeat
 * with another body is 409; a failed first attempt stores nothing, so a retry runs again.
 */
export async function runIdempotent(call: IdempotentCall): Promise<StoredResponse> {
  if (call.key === undefined) return call.work();
  if (call.key === '' || call.key.length > MAX_KEY_LENGTH) throw new ApiError(400, 'error.invalid-idempotency-key');
  const hash = requestHash(call.route, call.body);
  const deadline = Date.now() + MAX_WAIT_MS;
  for (;;) {
    const reservation = await call.store.reserve(call.scope, call.key, hash, call.nowUnix());
    switch (reservation.kind) {
      case 'replay':
        return reservation.response;
      case 'mismatch':
        throw new ApiError(409, 'error.idempotency-key-reused');
      case 'in-flight':
        if (Date.now() > deadline) throw new ApiError(409, 'error.idempotency-key-in-progress');
        await sleep(WAIT_STEP_MS);
        continue;
      case 'reserved': {
        let response: StoredResponse;
        try {
          response = await call.work();
        } catch (error) {
          await call.store.release(call.scope, call.key);
          throw error;
        }
        await call.store.complete(call.scope, call.key, response);
        return response;
      }
    }
  }
}
