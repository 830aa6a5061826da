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
  /** A file whose content is of a type not accepted there (the detected type is named). */
  'unsupported_media_type',
  /** A row that existed and was deleted on purpose (a deleted document's download). */
  'gone',
  'rate_limited',
  /** A service we depend on (the video provider) did not answer; trying again later may work. */
  'service_unavailable',
  /** Entering without the current required consents (issue 33): `details.missing` names their kinds. */
  'consent_required',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * An error that says what went wrong with a code from a closed list, for code to act on, and a message
 * for people. The one shape of every coded error of the product (domain, event store, bus, room
 * rejections, the client's realtime errors, the web's refused commands): each names its own codes.
 */
export class CodedError<Code extends string = string> extends Error {
  readonly code: Code;

  constructor(code: Code, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CodedError';
    this.code = code;
  }
}

export class DomainError extends CodedError<ErrorCode> {
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(code, message);
    this.name = 'DomainError';
    this.details = details;
  }
}

/** Another lab's row answers exactly like a row that does not exist. */
export const notFound = (what: string, id: number | string) =>
  new DomainError('not_found', `No ${what} ${id}.`);
export const forbidden = (message: string) => new DomainError('forbidden', message);
/** The request is right but the state of things refuses it (taken, already done, not now). */
export const conflict = (message: string) => new DomainError('conflict', message);
/** A request field that breaks a rule the schema cannot say, named as the schema errors name fields. */
export const invalid = (field: string, message: string) =>
  new DomainError('validation', `${field}: ${message}`);
