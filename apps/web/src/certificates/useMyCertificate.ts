// Loads the signed-in guest's certificate for their event (GET /api/events/{id}/my-certificate): none,
// pending until the event closes and it is issued, or issued (revoked or not).
import type { MyCertificate } from '@lablive/domain';
import { useEffect, useState } from 'react';
import { type Failure, toFailure } from '../failure.ts';
import { certificatesApi } from './certificatesApi.ts';

export type MyCertificateState =
  | { status: 'loading' }
  | { status: 'loaded'; certificate: MyCertificate }
  | { status: 'failed'; failure: Failure };

export function useMyCertificate(eventId: number): MyCertificateState {
  const [state, setState] = useState<MyCertificateState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    certificatesApi
      .mine(eventId, { signal: controller.signal })
      .then((certificate) => setState({ status: 'loaded', certificate }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', failure: toFailure(error) });
      });
    return () => controller.abort();
  }, [eventId]);
  return state;
}
