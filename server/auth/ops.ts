// /ops/* is for tests, demos and operators: `Authorization: Ops {OPS_TOKEN}`.
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors';
import { safeEqual } from './secureRandom';

export function opsGuard(opsToken: string) {
  return async function requireOps(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization ?? '';
    const match = /^Ops\s+(\S+)$/.exec(header.trim());
    if (!match?.[1] || !safeEqual(match[1], opsToken)) throw unauthorized('error.ops-token');
  };
}
