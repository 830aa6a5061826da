// Reading events: the lab's list as the back office shows it (a user whose only role is `user` sees the
// events they own, other staff every event of their lab), one event's details (one the caller may see,
// within their lab), and an event's card for the public entry (by its public slug) or a signed-in caller.
import { DomainError, notFound, type Principal, seesOnlyOwnEvents } from '@lablive/domain';
import { findVisibleEvent } from '../access/visibleEvents.ts';
import type { Db } from '../db/connection.ts';
import { findEventCard, findEventInLab, listLabEvents } from './events.repository.ts';

export type EventReads = ReturnType<typeof createEventReads>;

export function createEventReads(db: Db) {
  return {
    /** The events of the caller's lab (`labId` another lab's: 404), the owner's only where the role says so. */
    async list(principal: Principal, query: { lab_id?: number | undefined; owner_id?: number | undefined }) {
      if (principal.kind !== 'user') throw new DomainError('forbidden', 'Only lab staff list events.');
      const labId = query.lab_id ?? principal.labId;
      if (labId !== principal.labId) throw new DomainError('not_found', `No lab ${labId}.`);
      const ownerId = seesOnlyOwnEvents(principal) ? principal.userId : query.owner_id;
      return listLabEvents(db, labId, ownerId === undefined ? {} : { ownerId });
    },

    /** One event of the caller's lab that they may see; another lab's answers 404, as a missing one. */
    async details(principal: Principal, eventId: number) {
      const event =
        (await findVisibleEvent(db, principal, eventId)) &&
        (await findEventInLab(db, principal.labId, eventId));
      if (!event) throw notFound('event', eventId);
      return event;
    },

    /** The card of a public event, by its slug (no caller). */
    async publicCard(slug: string) {
      const card = await findEventCard(db, { publicSlug: slug });
      if (!card) throw new DomainError('not_found', `No public event ${slug}.`);
      return card;
    },

    /** The card of an event of the caller's lab. */
    async card(principal: Principal, eventId: number) {
      const card = await findEventCard(db, { id: eventId, labId: principal.labId });
      if (!card) throw new DomainError('not_found', `No event ${eventId}.`);
      return card;
    },
  };
}
