// Loads an event's card (name, lab, theme): by id for a signed-in caller (GET /api/eventInfo/{id}), or
// by the slug of a public event's entry page (GET /api/eventInfo/by-slug/{slug}), for anyone.
import type { EventInfo } from '@lablive/domain';
import { useEffect, useState } from 'react';
import { type Failure, toFailure } from '../failure.ts';
import { api } from '../services.ts';

export type EventInfoState =
  | { status: 'loading' }
  | { status: 'loaded'; info: EventInfo }
  | { status: 'failed'; failure: Failure };

/** Which event: its id (signed in) or its public slug; null while unknown. */
export type EventCardSource = { eventId: number } | { publicSlug: string } | null;

export function useEventInfo(eventId: number | null): EventInfoState {
  return useEventCard(eventId === null ? null : { eventId });
}

export function usePublicEventInfo(slug: string): EventInfoState {
  return useEventCard({ publicSlug: slug });
}

function useEventCard(source: EventCardSource): EventInfoState {
  const [state, setState] = useState<EventInfoState>({ status: 'loading' });
  const eventId = source !== null && 'eventId' in source ? source.eventId : null;
  const publicSlug = source !== null && 'publicSlug' in source ? source.publicSlug : null;

  useEffect(() => {
    if (eventId === null && publicSlug === null) return;
    const controller = new AbortController();
    const options = { signal: controller.signal };
    setState({ status: 'loading' });
    (publicSlug !== null ? api.publicEventInfo(publicSlug, options) : api.eventInfo(eventId ?? 0, options))
      .then((info) => setState({ status: 'loaded', info }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', failure: toFailure(error) });
      });
    return () => controller.abort();
  }, [eventId, publicSlug]);

  return state;
}
