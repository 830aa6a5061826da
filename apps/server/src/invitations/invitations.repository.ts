// Event invitations as rows, always read within one lab (through their event). Their link tokens are
// issued and redeemed by auth/invitations.repository.ts; nothing here reads or returns a token.
import type { EventInvitationView, EventRole } from '@lablive/domain';
import { isEventRole } from '../access/eventRoles.ts';
import type { Db } from '../db/connection.ts';

function invitationsInLab(db: Db, labId: number) {
  return db
    .selectFrom('event_invitations')
    .innerJoin('events', 'events.id', 'event_invitations.event_id')
    .innerJoin('participants', 'participants.id', 'event_invitations.participant_id')
    .select([
      'event_invitations.id',
      'event_invitations.event_id',
      'event_invitations.room_id',
      'event_invitations.role',
      'event_invitations.created_at',
      'participants.id as participant_id',
      'participants.name as participant_name',
      'participants.email as participant_email',
    ])
    .where('events.lab_id', '=', labId);
}

type InvitationRow = Awaited<ReturnType<ReturnType<typeof invitationsInLab>['executeTakeFirstOrThrow']>>;

function toView(row: InvitationRow): EventInvitationView {
  return {
    id: row.id,
    participant: { id: row.participant_id, name: row.participant_name, email: row.participant_email },
    event: row.event_id,
    room_id: row.room_id === null ? null : { id: row.room_id },
    role: isEventRole(row.role) ? row.role : 'participant',
    created_at: row.created_at.toISOString(),
  };
}

export async function listInvitations(
  db: Db,
  labId: number,
  filter: { eventId?: number | undefined; participantIds?: readonly number[] | undefined },
): Promise<EventInvitationView[]> {
  const { eventId, participantIds } = filter;
  if (participantIds?.length === 0) return [];
  const rows = await invitationsInLab(db, labId)
    .$if(eventId !== undefined, (qb) => qb.where('event_invitations.event_id', '=', eventId ?? 0))
    .$if(participantIds !== undefined, (qb) =>
      qb.where('event_invitations.participant_id', 'in', participantIds ?? []),
    )
    .orderBy('event_invitations.id')
    .execute();
  return rows.map(toView);
}

export async function createInvitation(
  db: Db,
  labId: number,
  values: { eventId: number; participantId: number; roomId: number | null; role: EventRole },
): Promise<EventInvitationView> {
  const { id } = await db
    .insertInto('event_invitations')
    .values({
      event_id: values.eventId,
      participant_id: values.participantId,
      room_id: values.roomId,
      role: values.role,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toView(
    await invitationsInLab(db, labId).where('event_invitations.id', '=', id).executeTakeFirstOrThrow(),
  );
}
