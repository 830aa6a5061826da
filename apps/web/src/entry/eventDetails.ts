// The event card's details that the public event info lacks: description, planned start, and whether
// the event is running (GET /api/events/{id}, visible to the event's own guests).

import type { RequestOptions } from '@lablive/client';
import type { LabEvent } from '@lablive/domain';
import { api } from '../services.ts';

export type EventDetails = Pick<
  LabEvent,
  'id' | 'name' | 'description' | 'planned_start_date' | 'active' | 'end_date'
>;

export function fetchEventDetails(eventId: number, options: RequestOptions = {}): Promise<EventDetails> {
  return api.rooms.event(eventId, options);
}
