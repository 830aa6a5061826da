// What went wrong with an API call, as the screens and the auth machine keep it: the problem's status,
// code and detail, or status 0 when the server could not be reached. Plain data, never an Error.
import { isApiError } from '@lablive/client';

export type Failure = { status: number; code: string; detail: string };

export function toFailure(error: unknown): Failure {
  if (isApiError(error)) return { status: error.status, code: error.code, detail: error.detail };
  const detail = error instanceof Error ? error.message : String(error);
  return { status: 0, code: 'unexpected', detail };
}
