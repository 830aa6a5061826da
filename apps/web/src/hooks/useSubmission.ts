// The life of a one-shot form request outside the auth flow (forgot password, change password):
// idle, sending, done, or failed with what the API said.

import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';
import { type Failure, toFailure } from '../failure.ts';
import { describeFailure } from '../i18n/messages.ts';

export type Submission =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'done' }
  | { status: 'failed'; failure: Failure };

export function useSubmission<TArgs extends unknown[]>(send: (...args: TArgs) => Promise<unknown>) {
  const [submission, setSubmission] = useState<Submission>({ status: 'idle' });

  const submit = useCallback(
    async (...args: TArgs) => {
      setSubmission({ status: 'sending' });
      try {
        await send(...args);
        setSubmission({ status: 'done' });
      } catch (error) {
        setSubmission({ status: 'failed', failure: toFailure(error) });
      }
    },
    [send],
  );

  return { submission, submit };
}

/** What a form shows under its button: the refusal in words, once the request failed. */
export function submissionFailure(
  t: TFunction,
  submission: Submission,
  describe: (failure: Failure) => string = (failure) => describeFailure(t, failure),
): string | null {
  return submission.status === 'failed' ? describe(submission.failure) : null;
}
