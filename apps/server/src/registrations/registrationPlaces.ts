// Where a confirmed registration stands, decided in the transaction that holds the event's form locked
// (registrations.repository.ts findForm with `lock`), so two guests confirming at once never both take the
// last place: a place while there is one (the guest becomes a participant of the event with the consents
// they accepted on the form, invited like any guest: a personal link and a calendar entry, mailed), else
// the waiting list. A place freed moves the first on the list up, mailed the same way. Every change is a
// registration event the statistics count, and every mail goes through the job queue in the guest's
// language and on their clock.
import { sql } from 'kysely';
import { issueInvitationToken } from '../auth/invitations.repository.ts';
import { invitationUrl } from '../auth/personalLink.ts';
import type { CalendarMails } from '../calendar/calendarMails.ts';
import { recordEntryConsents } from '../consents/consentService.ts';
import type { Db } from '../db/connection.ts';
import { createInvitation } from '../invitations/invitations.repository.ts';
import { guestMail } from '../mail/guestMail.ts';
import type { MailOutbox } from '../mail/mailOutbox.ts';
import { type RegistrationMailKind, registrationMail } from '../mail/registrationMail.ts';
import { cancelUrl } from './registrationLinks.ts';
import {
  countPlaces,
  firstWaitlisted,
  type RegistrationRow,
  recordRegistrationEvent,
  updateRegistration,
} from './registrations.repository.ts';

export type PlacesDeps = {
  mailOutbox: MailOutbox;
  calendar: CalendarMails;
  publicUrl: string;
  /** The server's secret, for the cancellation links (registrationLinks.ts). */
  secret: string;
  invitationTtlSeconds: number;
  now: () => Date;
};

/** The event as a registration's mails tell it. */
export type RegisteredEvent = {
  id: number;
  lab_id: number;
  name: string;
  planned_start_date: Date;
  default_timezone: string;
};

const nameOf = (registration: RegistrationRow) =>
  `${registration.first_name} ${registration.last_name}`.trim() || registration.email;

/** A mail about the registration to its guest, queued in `trx`; `extra` adds the links it carries. */
export async function mailRegistration(
  deps: PlacesDeps,
  trx: Db,
  about: { registration: RegistrationRow; event: RegisteredEvent },
  kind: RegistrationMailKind,
  extra: { url?: string; reason?: string; withCancel?: boolean } = {},
): Promise<void> {
  const { registration, event } = about;
  const rendered = registrationMail(registration.locale, kind, {
    name: nameOf(registration),
    eventName: event.name,
    startsAt: event.planned_start_date,
    timeZone: registration.time_zone,
    ...(extra.url ? { url: extra.url } : {}),
    ...(extra.reason ? { reason: extra.reason } : {}),
    ...(extra.withCancel ? { cancelUrl: cancelUrl(deps.publicUrl, deps.secret, registration.id) } : {}),
  });
  const key = `registration-${registration.id}-${kind}-${deps.now().getTime()}`;
  await deps.mailOutbox.send(trx, { to: registration.email, ...rendered }, key, {
    kind: 'registration',
    labId: event.lab_id,
    eventId: event.id,
    participantId: registration.participant_id,
  });
}

/** The guest's participation in the event: theirs already (the same address), or a new one. */
async function participationOf(trx: Db, registration: RegistrationRow): Promise<number> {
  const existing = await trx
    .selectFrom('participants')
    .select('id')
    .where('event_id', '=', registration.event_id)
    .where(sql`lower(email)`, '=', registration.email.toLowerCase())
    .executeTakeFirst();
  if (existing) return existing.id;
  const created = await trx
    .insertInto('participants')
    .values({
      event_id: registration.event_id,
      lab_id: registration.lab_id,
      email: registration.email,
      first_name: registration.first_name,
      last_name: registration.last_name,
      name: nameOf(registration),
      locale: registration.locale,
      timezone: registration.time_zone,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/**
 * A place given: the guest is a participant with the consents they accepted, invited (the invitation and
 * its single-use link, as the back office's invitations are) and mailed their link and calendar entry.
 */
async function givePlace(
  deps: PlacesDeps,
  trx: Db,
  about: { registration: RegistrationRow; event: RegisteredEvent },
  kind: 'registered' | 'promoted' | 'approved',
): Promise<void> {
  const { registration, event } = about;
  const now = deps.now();
  const participantId = await participationOf(trx, registration);
  await recordEntryConsents(trx, {
    labId: registration.lab_id,
    participantId,
    ticked: registration.consent_version_ids,
    at: now,
  });
  const invitation = await createInvitation(trx, registration.lab_id, {
    eventId: event.id,
    participantId,
    roomId: null,
    role: 'participant',
  });
  const token = await issueInvitationToken(trx, invitation.id, deps.invitationTtlSeconds, now);
  const url = invitationUrl(deps.publicUrl, token);
  await updateRegistration(trx, registration.id, { status: 'registered', participantId, waitlistedAt: null });
  await recordRegistrationEvent(trx, registration, kind, now);
  if (kind !== 'registered') await recordRegistrationEvent(trx, registration, 'registered', now);
  const guest = { id: participantId, email: registration.email, name: nameOf(registration) };
  const rendered = registrationMail(registration.locale, 'registered', {
    name: guest.name,
    eventName: event.name,
    startsAt: event.planned_start_date,
    timeZone: registration.time_zone,
    url,
    cancelUrl: cancelUrl(deps.publicUrl, deps.secret, registration.id),
  });
  const icalEvent = await deps.calendar.invitationEntry(trx, event.id, guest, url);
  const mailEvent = {
    id: event.id,
    labId: event.lab_id,
    name: event.name,
    start: event.planned_start_date,
    timeZone: event.default_timezone,
  };
  const queued = guestMail(
    'registration',
    { guest: { ...guest, timeZone: registration.time_zone }, event: mailEvent },
    rendered,
    `registration-${registration.id}-place-${invitation.id}`,
    icalEvent,
  );
  await deps.mailOutbox.send(trx, queued.mail, queued.key, queued.about);
}

/**
 * A registration that may take a place now (confirmed without approval, or approved): a place while the
 * capacity has one, else the waiting list. The caller holds the event's form locked.
 */
export async function placeRegistration(
  deps: PlacesDeps,
  trx: Db,
  about: { registration: RegistrationRow; event: RegisteredEvent; capacity: number | null },
  kind: 'registered' | 'approved',
): Promise<'registered' | 'waitlisted'> {
  const { registration, event, capacity } = about;
  const { taken } = await countPlaces(trx, event.id);
  if (capacity === null || taken < capacity) {
    await givePlace(deps, trx, { registration, event }, kind);
    return 'registered';
  }
  const now = deps.now();
  await updateRegistration(trx, registration.id, { status: 'waitlisted', waitlistedAt: now });
  if (kind === 'approved') await recordRegistrationEvent(trx, registration, 'approved', now);
  await recordRegistrationEvent(trx, registration, 'waitlisted', now);
  await mailRegistration(deps, trx, { registration, event }, 'waitlisted', { withCancel: true });
  return 'waitlisted';
}

/** Places freed (a cancellation, a removal, a larger capacity): the first on the list move up, in order. */
export async function moveWaitlistUp(
  deps: PlacesDeps,
  trx: Db,
  about: { event: RegisteredEvent; capacity: number | null },
): Promise<void> {
  const { event, capacity } = about;
  for (;;) {
    const { taken } = await countPlaces(trx, event.id);
    if (capacity !== null && taken >= capacity) return;
    const next = await firstWaitlisted(trx, event.id);
    if (!next) return;
    await givePlace(deps, trx, { registration: next, event }, 'promoted');
  }
}
