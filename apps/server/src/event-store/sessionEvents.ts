// A stored entry of the log read back as the domain's session event (parsed with the domain schemas:
// a malformed row is reported where it is, never folded) and as the event a client is delivered. The
// room host, the gateway, the projections and replay all read the log through these two.
import { type SessionEvent, sessionEventSchema } from '@lablive/domain';
import type { DeliveredEvent } from '@lablive/protocol';
import type { StoredSessionEvent } from './types.ts';

export function toSessionEvent(stored: StoredSessionEvent): SessionEvent {
  const parsed = sessionEventSchema.safeParse({ type: stored.type, data: stored.data });
  if (!parsed.success) {
    throw new Error(
      `Session event ${stored.eventId} (${stored.streamId} v${stored.streamVersion}, ${stored.type}) is malformed: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}

export function toDelivered(stored: StoredSessionEvent): DeliveredEvent {
  return {
    version: stored.streamVersion,
    occurredAt: stored.occurredAt.toISOString(),
    event: toSessionEvent(stored),
  };
}
