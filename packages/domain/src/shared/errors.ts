// The small set of coded errors the domain raises. The server maps each code to one HTTP status and
// problem-details body in one place, and to a protocol error code on the socket.

export const ERROR_CODES = {
  validation: 400,
  unauthenticated: 401,
  invalid_token: 401,
  forbidden: 403,
  module_disabled: 403,
  not_found: 404,
  conflict: 409,
  already_in_session: 409,
  payload_too_large: 413,
  rate_limited: 429,
  /** A service we depend on (the video provider) did not answer; trying again later may work. */
  service_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

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
