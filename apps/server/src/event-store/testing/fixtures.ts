// Builders of session events for the event store's tests: fresh ids, a fixed lab, no meaning.
import { randomUUID } from 'node:crypto';
import type { NewSessionEvent } from '../types.ts';

export function newEvent(type = 'ChatMessageSent', data: unknown = { text: 'hello' }): NewSessionEvent {
  return {
    eventId: randomUUID(),
    type,
    data,
    metadata: { labId: 1, actor: { participantId: 7, role: 'participant' }, correlationId: randomUUID() },
  };
}

export function newEvents(count: number, type?: string): NewSessionEvent[] {
  return Array.from({ length: count }, (_, index) => newEvent(type, { index }));
}
