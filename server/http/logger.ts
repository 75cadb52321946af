// Fastify logger options: JSON lines with a request id, and never tokens, passwords or phone
// numbers (DESIGN.md "Operating the server"). URLs are logged without their query string because
// links carry tokens there (?token=, ?t=, ?Authorization=).
import type { FastifyLoggerOptions } from 'fastify';

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
