// Every failure leaves the server in API.md's one shape, and never with a stack, SQL or a path:
// ApiError as thrown, Fastify's own errors (malformed JSON, schema, body too large, unsupported
// media type) mapped to their 4xx, unknown routes 404, anything else a logged 500.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../domain/types';
import { ApiError } from './errors';
import { wantsAppShell } from './webApp';

export function errorBody(status: number, key: string, code: string, field?: string, translationKey = key): ApiErrorBody {
  return {
    status,
    message: key,
    errors: [{ code, ...(field !== undefined ? { field } : {}), meta: { translation_key: translationKey } }],
  };
}

/** What a field path of ours looks like; a client's key that does not is never echoed back. */
const FIELD_PATH = /^[A-Za-z0-9_]{1,64}(\.[A-Za-z0-9_]{1,64}){0,7}$/;

/**
 * Fastify validation errors name the instance path (`/customer/name`); API.md uses dots. An unknown
 * key is the client's own text (it may read like SQL or markup), so it is named only when it looks
 * like a field name.
 */
function fieldOfValidation(error: FastifyError): string | undefined {
  const field = validationPath(error);
  return field !== undefined && FIELD_PATH.test(field) ? field : undefined;
}

function validationPath(error: FastifyError): string | undefined {
  const first = error.validation?.[0];
  if (!first) return undefined;
  const params = first.params as Record<string, unknown>;
  const extra = (params.additionalProperty ?? params.missingProperty) as string | undefined;
  const path = first.instancePath.replace(/^\//, '').split('/').filter(Boolean);
  if (extra) path.push(extra);
  return path.length > 0 ? path.join('.') : error.validationContext;
}

function toApiError(error: FastifyError): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error.validation) {
    const field = fieldOfValidation(error);
    const unknown = error.validation.some((v) => v.keyword === 'additionalProperties');
    return new ApiError(400, unknown ? 'error.unknown-field' : 'error.invalid-request', { field, code: 'validation' });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, 'error.malformed-json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new ApiError(413, 'error.payload-too-large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ApiError(415, 'error.unsupported-media-type');
  }
  // Other 4xx raised by Fastify or plugins (e.g. the query-string parser) are client errors too.
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError(error.statusCode, 'error.bad-request');
  }
  return null;
}

/**
 * Errors Fastify raises before routing (a malformed percent-encoding, a path parameter over
 * maxParamLength): the Fastify constructor's `frameworkErrors`, answered in API.md's shape too.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send(errorBody(status, status === 414 ? 'error.uri-too-long' : 'error.bad-request', status === 414 ? 'uri_too_long' : 'bad_request'));
}

export interface ErrorHandlingOptions {
  /** When the web app is served, GETs of non-API paths fall back to its index.html. */
  spaFallback: boolean;
}

export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error);
    if (apiError) {
      if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
      void reply.headers(apiError.headers).status(apiError.status)
        .send(errorBody(apiError.status, apiError.key, apiError.code, apiError.field, apiError.translationKey));
      return;
    }
    request.log.error({ err: error }, 'unexpected failure');
    void reply.status(500).send(errorBody(500, 'InternalErrorException', 'internal'));
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (options.spaFallback && wantsAppShell(request)) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send(errorBody(404, 'error.not-found', 'not_found'));
  });
}
