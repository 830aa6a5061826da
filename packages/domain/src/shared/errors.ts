// The small set of coded errors the domain raises. The server maps each code to one HTTP status and
// problem-details body in one place (apps/server/src/http/problems.ts), and to a protocol error code on
// the socket; the domain itself knows nothing of HTTP.

export const ERROR_CODES = [
  'validation',
  'unauthenticated',
  'invalid_token',
  'forbidden',
  'module_disabled',
  'not_found',
  'conflict',
  'already_in_session',
  'payload_too_large',
  'rate_limited',
  /** A service we depend on (the video provider) did not answer; trying again later may work. */
  'service_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
  }
}
