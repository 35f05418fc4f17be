import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { detailsFromAjv } from '../contract/ajv.ts';
import { negotiateLanguage } from './error-messages.ts';
import { HttpError, type ErrorDetail } from './errors.ts';

type ValidationContext = 'body' | 'querystring' | 'params' | 'headers';

const LOCATION: Record<ValidationContext, ErrorDetail['location']> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function statusOf(error: unknown): number | undefined {
  if (!isRecord(error)) return undefined;
  const status = error.statusCode ?? error.status;
  return typeof status === 'number' && Number.isInteger(status) ? status : undefined;
}

/** What a client sent wrong, in words safe to show (Fastify and plugin errors, never our internals). */
function clientProblem(error: unknown): ErrorDetail {
  const code = isRecord(error) && typeof error.code === 'string' ? error.code : '';
  if (error instanceof SyntaxError || code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { location: 'body', path: '', message: 'the body is not valid JSON' };
  }
  switch (code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { location: 'body', path: '', message: 'the body is empty but the content type is JSON' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { location: 'body', path: '', message: 'the body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { location: 'header', path: '/content-type', message: 'this content type is not accepted' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        location: 'header',
        path: '/content-length',
        message: 'the content length does not match the body',
      };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_NO_FORM_DATA':
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return { location: 'body', path: '', message: 'the multipart body is malformed' };
    case 'FST_ERR_BAD_URL':
      return { location: 'path', path: '', message: 'the URL is not valid (bad percent-encoding)' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { location: 'path', path: '', message: 'a path value is too long' };
    case 'FST_ERR_CTP_INVALID_TYPE':
      return { location: 'header', path: '/content-type', message: 'the content type is not valid' };
    default:
      return { location: 'body', path: '', message: 'the request could not be read' };
  }
}

/**
 * Any thrown value → the HttpError to answer with, and whether it was unexpected (a bug: logged with its stack,
 * answered as a bare 500 INTERNAL).
 */
export function toHttpError(error: unknown): { httpError: HttpError; unexpected: boolean } {
  if (error instanceof HttpError) return { httpError: error, unexpected: false };
  if (isRecord(error) && Array.isArray(error.validation)) {
    const context = (error as Partial<FastifyError>).validationContext;
    const location = context === undefined ? 'body' : LOCATION[context];
    const details = detailsFromAjv(error.validation as Parameters<typeof detailsFromAjv>[0], location);
    return {
      httpError: new HttpError(400, 'VALIDATION_FAILED', {
        details,
        logMessage: 'request validation failed',
      }),
      unexpected: false,
    };
  }
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) {
    const logMessage = error instanceof Error ? error.message : 'bad request';
    switch (status) {
      case 413:
      case 414:
      case 415:
        return {
          httpError: new HttpError(status, 'VALIDATION_FAILED', {
            details: [clientProblem(error)],
            logMessage,
          }),
          unexpected: false,
        };
      case 401:
        return { httpError: new HttpError(401, 'UNAUTHORIZED'), unexpected: false };
      case 403:
        return { httpError: new HttpError(403, 'FORBIDDEN'), unexpected: false };
      case 404:
        return { httpError: new HttpError(404, 'NOT_FOUND'), unexpected: false };
      case 429:
        return { httpError: new HttpError(429, 'RATE_LIMITED'), unexpected: false };
      default:
        return {
          httpError: new HttpError(400, 'VALIDATION_FAILED', {
            details: [clientProblem(error)],
            logMessage,
          }),
          unexpected: false,
        };
    }
  }
  return { httpError: new HttpError(500, 'INTERNAL', { cause: error }), unexpected: true };
}

/** Answers an error in the contract's Error shape; unexpected errors are logged with their stack, never sent. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { httpError, unexpected } = toHttpError(error);
  if (unexpected) {
    request.log.error({ err: error }, 'unhandled error');
  } else if (httpError.status >= 500) {
    request.log.error({ err: httpError }, httpError.message);
  } else {
    request.log.info(
      { code: httpError.code, status: httpError.status, reason: httpError.message },
      'request refused',
    );
  }
  const language = negotiateLanguage(request.headers['accept-language']);
  reply.removeHeader('content-disposition');
  reply.removeHeader('content-length');
  for (const [name, value] of Object.entries(httpError.headers ?? {})) reply.header(name, value);
  if (httpError.status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
  return reply
    .code(httpError.status)
    .type('application/json; charset=utf-8')
    .send(httpError.toBody(language));
}
