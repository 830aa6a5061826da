// The one place where errors become HTTP answers: coded domain errors, invalid requests and framework
// errors map to RFC 9457 problem details; a 5xx hides its internals and is logged with its request id.
import { DomainError, type ErrorCode, type Problem, refusalOf } from '@lablive/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { RoomCommandRejected } from './restCommands.ts';

/** The HTTP status of each domain error code: the one place where the domain's errors meet HTTP. */
const STATUS_OF: Record<ErrorCode, number> = {
  validation: 400,
  unauthenticated: 401,
  invalid_token: 401,
  forbidden: 403,
  module_disabled: 403,
  not_found: 404,
  conflict: 409,
  already_in_session: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  gone: 410,
  rate_limited: 429,
  service_unavailable: 503,
  consent_required: 403,
};

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function problem(
  status: number,
  code: string,
  detail: string,
  request: FastifyRequest,
  errors?: Problem['errors'],
): Problem {
  return {
    type: `/problems/${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    code,
    requestId: request.id,
    ...(errors ? { errors } : {}),
  };
}

/** The first pause before a command refused "not now" is sent again (the socket client starts at 0.5 s). */
const RETRY_AFTER_SECONDS = 1;

function sendProblem(reply: FastifyReply, body: Problem) {
  return reply.status(body.status).type('application/problem+json').send(body);
}

function fieldName(instancePath: string, missingProperty: unknown): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (typeof missingProperty === 'string') return path ? `${path}.${missingProperty}` : missingProperty;
  return path || '(body)';
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((issue) => ({
      field: fieldName(issue.instancePath, issue.params?.missingProperty),
      message: issue.message ?? 'is invalid',
    }));
    const first = errors[0];
    const where = error.validationContext ?? 'body';
    const detail = first ? `${first.field}: ${first.message}` : `Invalid ${where}`;
    return sendProblem(reply, problem(400, 'validation', detail, request, errors));
  }
  if (error instanceof DomainError) {
    // The English detail stays for API users; the key lets a page say it in its reader's language.
    const refusal = refusalOf(error.message);
    return sendProblem(reply, {
      ...problem(STATUS_OF[error.code], error.code, error.message, request),
      ...(refusal ? { key: refusal.key, params: refusal.params } : {}),
    });
  }
  if (error instanceof RoomCommandRejected) {
    // The room's own reason (poll_not_active, not_in_room, overloaded...) is the code: clients
    // translate it. A "not now" tells when to try again, as the socket client's backoff starts.
    if (error.retryLater) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return sendProblem(reply, problem(error.status, error.code, error.message, request));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Framework errors (malformed JSON, body too large, unsupported media type) say what is wrong.
    const code = status === 413 ? 'payload_too_large' : status === 429 ? 'rate_limited' : 'bad_request';
    return sendProblem(reply, problem(status, code, error.message, request));
  }
  request.log.error({ err: error, requestId: request.id }, 'request failed');
  return sendProblem(
    reply,
    problem(
      500,
      'internal',
      `An internal error occurred. Quote request id ${request.id} to support.`,
      request,
    ),
  );
}
