// Checks a code on the public page (GET /api/certificates/verify/{code}): what its certificate attests,
// valid or revoked; unknown (404, said as such); or another failure (too many attempts, no server).
import type { CertificateVerification } from '@lablive/domain';
import { useEffect, useState } from 'react';
import { type Failure, toFailure } from '../failure.ts';
import { certificatesApi } from './certificatesApi.ts';

export type VerificationState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'found'; certificate: CertificateVerification }
  | { status: 'unknown' }
  | { status: 'failed'; failure: Failure };

/** The check of `code` (a normalised one), idle without one. */
export function useVerification(code: string | null): VerificationState {
  const [state, setState] = useState<VerificationState>({ status: 'idle' });
  useEffect(() => {
    if (code === null) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'checking' });
    certificatesApi
      .verify(code, { signal: controller.signal })
      .then((certificate) => setState({ status: 'found', certificate }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = toFailure(error);
        setState(failure.status === 404 ? { status: 'unknown' } : { status: 'failed', failure });
      });
    return () => controller.abort();
  }, [code]);
  return state;
}
