// Fastify logger options: JSON lines with a request id, and never tokens, passwords or phone
// numbers (DESIGN.md "Operating the server"). URLs are logged without their query string because
// links carry tokens there (?token=, ?t=, ?Authorization=).
import type { FastifyInstance, FastifyLoggerOptions } from 'fastify';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  '*.password',
  '*.phone_number',
  '*.token',
  '*.refresh_token',
  '*.AccessToken',
  '*.IdToken',
  '*.RefreshToken',
  '*.code',
];

export function loggerOptions(level: string): FastifyLoggerOptions & { redact: { paths: string[]; censor: string } } {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; id: string; ip?: string }) {
        return { id: request.id, method: request.method, url: request.url.split('?')[0], ip: request.ip };
      },
    },
  };
}

/**
 * One line per request, when it completes (the app turns Fastify's own two off): request id, method,
 * URL without its query, status and time. Half the log writes of a request on the hot path.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, 'request completed');
  });
}
