// Errors the REST client raises: ApiError carries the server's problem details (or one made up for a
// network failure or a non-problem answer); UnexpectedResponseError means a 2xx body broke the contract.
import { type Problem, problemSchema } from '@lablive/domain';

export type FieldError = { field: string; message: string };

export class ApiError extends Error {
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem.detail);
    this.name = 'ApiError';
    this.problem = problem;
  }

  get status(): number {
    return this.problem.status;
  }

  get code(): string {
    return this.problem.code;
  }

  get detail(): string {
    return this.problem.detail;
  }

  get fieldErrors(): readonly FieldError[] {
    return this.problem.errors ?? [];
  }

  /**
   * The fields a 400 names, so a form can say each beside its field: its schema errors, or else a
   * rule's detail that starts with the field ("groups: …"; a detail with no colon names the field '').
   */
  get namedFields(): readonly FieldError[] {
    if (this.status !== 400) return [];
    if (this.fieldErrors.length > 0) return this.fieldErrors;
    const colon = this.detail.indexOf(':');
    return [
      { field: this.detail.slice(0, Math.max(colon, 0)), message: this.detail.slice(colon + 1).trim() },
    ];
  }

  /** The request never got an answer (offline, DNS, connection refused). */
  static network(cause: unknown): ApiError {
    const detail = cause instanceof Error ? cause.message : 'Network error';
    return new ApiError({
      type: 'about:blank',
      title: 'Network error',
      status: 0,
      detail,
      code: 'network_error',
    });
  }

  /** Builds the error from an error answer, whether or not its body is a problem document. */
  static fromResponse(status: number, statusText: string, body: unknown): ApiError {
    const parsed = problemSchema.safeParse(body);
    if (parsed.success) return new ApiError(parsed.data);
    const title = statusText || `HTTP ${status}`;
    return new ApiError({ type: 'about:blank', title, status, detail: title, code: 'http_error' });
  }
}

export class UnexpectedResponseError extends Error {
  readonly path: string;
  readonly issues: readonly unknown[];

  constructor(path: string, issues: readonly unknown[]) {
    super(`The answer of ${path} does not match its schema`);
    this.name = 'UnexpectedResponseError';
    this.path = path;
    this.issues = issues;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
