// A registration's way from the public form to its end (issue 33, part 5), each step one transaction:
// sent (answers and consents checked against the form, stored unconfirmed, the confirmation link mailed),
// confirmed by that link (then awaiting approval, or a place or the waiting list by capacity), decided by
// staff when approval is on, and ended (cancelled by its guest's link, removed by staff), which moves the
// waiting list up. Steps that give places hold the event's form locked, so they take turns per event.
import {
  type AskedConsent,
  conflict,
  DomainError,
  invalid,
  notFound,
  type RegistrationDecision,
  type RegistrationOutcome,
  type RegistrationRequest,
  registrationAnswerProblems,
} from '@lablive/domain';
import { askedConsents, consentsRequired } from '../access/consentGate.ts';
import { hashOpaqueToken, newOpaqueToken } from '../auth/opaqueTokens.ts';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/pgErrors.ts';
import { isLabSuspended } from '../labs/labs.repository.ts';
import { confirmUrl } from './registrationLinks.ts';
import {
  mailRegistration,
  moveWaitlistUp,
  type PlacesDeps,
  placeRegistration,
} from './registrationPlaces.ts';
import {
  findByConfirmToken,
  findForm,
  findRegistration,
  findRegistrationInForce,
  insertRegistration,
  recordRegistrationEvent,
  updateRegistration,
} from './registrations.repository.ts';

export type FlowDeps = PlacesDeps & { db: Db };

/** How long the address's confirmation link works. */
export const REGISTRATION_CONFIRM_TTL_SECONDS = 48 * 3600;

export const REGISTRATION_MESSAGES = {
  notPublic: 'Registration is for public events: make the event public first.',
  closed: 'This event takes no registrations.',
  over: 'This event is over.',
  already: 'This address is already registered for this event.',
  invalidLink: 'This link is invalid, used or expired.',
  notPending: 'Only a registration awaiting approval is approved or refused.',
  notInForce: 'This registration is already refused, cancelled or removed.',
} as const;

const EVENT_COLUMNS = ['id', 'lab_id', 'name', 'planned_start_date', 'default_timezone', 'end_date'] as const;

export async function eventOf(trx: Db, eventId: number) {
  return trx.selectFrom('events').select(EVENT_COLUMNS).where('id', '=', eventId).executeTakeFirstOrThrow();
}

/** The public event at a slug whose registration is on, with its form. */
async function openEvent(db: Db, slug: string) {
  const event = await db
    .selectFrom('events')
    .select(EVENT_COLUMNS)
    .where('slug', '=', slug)
    .where('is_public', '=', true)
    .executeTakeFirst();
  if (!event) throw new DomainError('not_found', 'There is no public event at this address.');
  const form = await findForm(db, event.id);
  if (!form.enabled) throw conflict(REGISTRATION_MESSAGES.closed);
  if (event.end_date !== null) throw conflict(REGISTRATION_MESSAGES.over);
  if (await isLabSuspended(db, event.lab_id)) throw conflict(REGISTRATION_MESSAGES.closed);
  return { event, form };
}

/**
 * The ticked versions are current consents of the lab, and cover every one the form requires: the lab's
 * required ones and the kinds the form adds (a kind the lab has no text for cannot be asked, so it is not).
 */
function checkConsents(
  asked: readonly AskedConsent[],
  formKinds: readonly string[],
  ticked: readonly number[],
) {
  const unknown = ticked.filter((id) => !asked.some((consent) => consent.version_id === id));
  if (unknown.length > 0) {
    throw invalid('consent_version_ids', `${unknown.join(', ')} is not a current consent of this event.`);
  }
  const missing = asked
    .filter((consent) => consent.required || formKinds.includes(consent.kind))
    .filter((consent) => !ticked.includes(consent.version_id))
    .map((consent) => consent.kind);
  if (missing.length > 0) throw consentsRequired(missing);
}

/** The registration stored unconfirmed and the confirmation link mailed to the address given. */
export async function sendRegistration(
  deps: FlowDeps,
  slug: string,
  request: RegistrationRequest,
): Promise<{ status: 'unconfirmed' }> {
  const { db } = deps;
  const { event, form } = await openEvent(db, slug);
  const problems = registrationAnswerProblems(form.fields, request.answers);
  if (problems.length > 0) throw new DomainError('validation', problems.join('; '), { problems });
  checkConsents(await askedConsents(db, event.lab_id), form.consent_kinds, request.consent_version_ids);
  const email = request.email.trim().toLowerCase();
  const { token, hash } = newOpaqueToken();
  const now = deps.now();
  try {
    await db.transaction().execute(async (trx) => {
      if (await findRegistrationInForce(trx, event.id, email)) throw conflict(REGISTRATION_MESSAGES.already);
      const registration = await insertRegistration(trx, {
        labId: event.lab_id,
        eventId: event.id,
        email,
        firstName: request.first_name,
        lastName: request.last_name,
        locale: request.locale,
        timeZone: request.time_zone,
        answers: request.answers,
        consentVersionIds: request.consent_version_ids,
        confirmTokenHash: hash,
        confirmExpiresAt: new Date(now.getTime() + REGISTRATION_CONFIRM_TTL_SECONDS * 1000),
      });
      await recordRegistrationEvent(trx, registration, 'requested', now);
      await mailRegistration(deps, trx, { registration, event }, 'confirm', {
        url: confirmUrl(deps.publicUrl, token),
      });
    });
  } catch (error) {
    // Two forms sent at once for one address: the unique index keeps one.
    if (isUniqueViolation(error)) throw conflict(REGISTRATION_MESSAGES.already);
    throw error;
  }
  return { status: 'unconfirmed' };
}

/** The confirmation link followed: the address is proven; approval, or a place or the waiting list. */
export async function confirmRegistration(deps: FlowDeps, token: string): Promise<RegistrationOutcome> {
  return deps.db.transaction().execute(async (trx) => {
    const found = await findByConfirmToken(trx, hashOpaqueToken(token), deps.now());
    if (found?.status !== 'unconfirmed') {
      throw new DomainError('invalid_token', REGISTRATION_MESSAGES.invalidLink);
    }
    // The form locked first, then the registration read again: confirmations of one event take turns.
    const form = await findForm(trx, found.event_id, { lock: true });
    const registration = (await findRegistration(trx, found.id, { lock: true })) ?? found;
    if (registration.status !== 'unconfirmed') {
      throw new DomainError('invalid_token', REGISTRATION_MESSAGES.invalidLink);
    }
    const event = await eventOf(trx, registration.event_id);
    const now = deps.now();
    await updateRegistration(trx, registration.id, {
      status: 'pending',
      confirmedAt: now,
      clearConfirmToken: true,
    });
    await recordRegistrationEvent(trx, registration, 'confirmed', now);
    if (form.approval) {
      await mailRegistration(deps, trx, { registration, event }, 'pending', { withCancel: true });
      return { status: 'pending', event_name: event.name };
    }
    const about = { registration, event, capacity: form.capacity };
    const status = await placeRegistration(deps, trx, about, 'registered');
    return { status, event_name: event.name };
  });
}

/** Ends a registration in force (cancelled by its guest, removed by staff), moving the list up. */
export async function endRegistration(
  deps: FlowDeps,
  registrationId: number,
  how: { kind: 'cancelled' | 'removed'; byUserId: number | null; eventId?: number },
): Promise<RegistrationOutcome> {
  return deps.db.transaction().execute(async (trx) => {
    const found = await findRegistration(trx, registrationId);
    if (!found || (how.eventId !== undefined && found.event_id !== how.eventId)) {
      throw notFound('registration', registrationId);
    }
    const form = await findForm(trx, found.event_id, { lock: true });
    const registration = (await findRegistration(trx, found.id, { lock: true })) ?? found;
    const event = await eventOf(trx, registration.event_id);
    if (!['pending', 'registered', 'waitlisted'].includes(registration.status)) {
      // The same link followed twice says the same; another end is a conflict.
      if (registration.status === how.kind) return { status: how.kind, event_name: event.name };
      throw conflict(REGISTRATION_MESSAGES.notInForce);
    }
    const now = deps.now();
    await updateRegistration(trx, registration.id, { status: how.kind, decidedAt: now });
    await recordRegistrationEvent(trx, registration, how.kind, now, how.byUserId);
    if (registration.participant_id !== null)
      await expirePersonalLinks(trx, registration.participant_id, now);
    await mailRegistration(deps, trx, { registration, event }, 'ended');
    await moveWaitlistUp(deps, trx, { event, capacity: form.capacity });
    return { status: how.kind, event_name: event.name };
  });
}

/** Staff approve (a place or the waiting list, by capacity) or refuse (the reason mailed) a pending one. */
export async function decideRegistration(
  deps: FlowDeps,
  target: { eventId: number; registrationId: number; byUserId: number | null },
  decision: RegistrationDecision,
): Promise<RegistrationOutcome> {
  const { eventId, registrationId, byUserId } = target;
  return deps.db.transaction().execute(async (trx): Promise<RegistrationOutcome> => {
    const form = await findForm(trx, eventId, { lock: true });
    const registration = await findRegistration(trx, registrationId, { lock: true });
    if (registration?.event_id !== eventId) throw notFound('registration', registrationId);
    if (registration.status !== 'pending') throw conflict(REGISTRATION_MESSAGES.notPending);
    const event = await eventOf(trx, eventId);
    const now = deps.now();
    if (decision.approve) {
      const status = await placeRegistration(
        deps,
        trx,
        { registration, event, capacity: form.capacity },
        'approved',
      );
      await trx
        .updateTable('registration_events')
        .set({ by_user_id: byUserId })
        .where('registration_id', '=', registration.id)
        .where('kind', '=', 'approved')
        .execute();
      await updateRegistration(trx, registration.id, { status, decidedAt: now });
      return { status, event_name: event.name };
    }
    const reason = decision.reason?.trim() || null;
    await updateRegistration(trx, registration.id, {
      status: 'refused',
      decidedAt: now,
      refusalReason: reason,
    });
    await recordRegistrationEvent(trx, registration, 'refused', now, byUserId);
    await mailRegistration(deps, trx, { registration, event }, 'refused', reason ? { reason } : {});
    return { status: 'refused', event_name: event.name };
  });
}

/** A place ended: the guest's unused personal links stop working (expired now). */
async function expirePersonalLinks(trx: Db, participantId: number, now: Date): Promise<void> {
  await trx
    .updateTable('invitation_links')
    .set({ expires_at: now })
    .where('used_at', 'is', null)
    .where(
      'invitation_id',
      'in',
      trx.selectFrom('event_invitations').select('id').where('participant_id', '=', participantId),
    )
    .execute();
}
