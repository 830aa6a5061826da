// Loads the event card's details (description, planned start, running or not) for the signed-in guest.
import { useEffect, useState } from 'react';
import { type Failure, toFailure } from '../failure.ts';
import { type EventDetails, fetchEventDetails } from './eventDetails.ts';

export type EventDetailsState =
  | { status: 'loading' }
  | { status: 'loaded'; details: EventDetails }
  | { status: 'failed'; failure: Failure };

export function useEventDetails(eventId: number | null): EventDetailsState {
  const [state, setState] = useState<EventDetailsState>({ status: 'loading' });

  useEffect(() => {
    if (eventId === null) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchEventDetails(eventId, { signal: controller.signal })
      .then((details) => setState({ status: 'loaded', details }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', failure: toFailure(error) });
      });
    return () => controller.abort();
  }, [eventId]);

  return state;
}
