// Registration for public events (issue 33, part 5): the calls, each checked here and done by the flow
// (registrationFlow.ts: sent, confirmed, decided, ended), the places (registrationPlaces.ts) and the SQL
// (registrations.repository.ts); routes parse and answer.
// - Staff who may change a public event (its owner, or a manager of every event; lab and visibility as
//   everywhere: findVisibleEvent) turn registration on and design the form, list the registrations,
//   approve or refuse a pending one, remove one, export them; who reads its statistics reads the funnel.
// - A guest registers on the public page; the address is a claim until the link mailed to it is
//   followed; a link in every later mail cancels the registration.
import {
  canChangeEvent,
  conflict,
  DomainError,
  forbidden,
  type Locale,
  NOT_YOUR_EVENT,
  notFound,
  type PublicRegistrationForm,
  type RegistrationDecision,
  type RegistrationOutcome,
  type RegistrationRequest,
  type RegistrationSettings,
  type RegistrationSettingsView,
} from '@lablive/domain';
import type { Caller } from '../access/caller.ts';
import { findVisibleEvent } from '../access/visibleEvents.ts';
import { registrationsCsv } from './registrationCsv.ts';
import {
  confirmRegistration,
  decideRegistration,
  endRegistration,
  eventOf,
  type FlowDeps,
  REGISTRATION_MESSAGES,
  sendRegistration,
} from './registrationFlow.ts';
import { registrationOfCancelToken } from './registrationLinks.ts';
import { moveWaitlistUp } from './registrationPlaces.ts';
import {
  countPlaces,
  findForm,
  listRegistrations,
  registrationFunnel,
  saveForm,
} from './registrations.repository.ts';

export type RegistrationServiceDeps = FlowDeps;

export type RegistrationService = ReturnType<typeof createRegistrationService>;

const userIdOf = (caller: Caller) => (caller.principal.kind === 'user' ? caller.principal.userId : null);

export function createRegistrationService(deps: RegistrationServiceDeps) {
  const { db } = deps;

  /** An event the caller sees and may change, else 404 or 403. */
  async function changeableEvent(caller: Caller, eventId: number) {
    const event = await findVisibleEvent(db, caller.principal, eventId);
    if (!event) throw notFound('event', eventId);
    if (!canChangeEvent(caller.principal, { ownerId: event.owner_id })) throw forbidden(NOT_YOUR_EVENT);
    return event;
  }

  async function settings(caller: Caller, eventId: number): Promise<RegistrationSettingsView> {
    await changeableEvent(caller, eventId);
    return { ...(await findForm(db, eventId)), ...(await countPlaces(db, eventId)) };
  }

  return {
    settings,

    async saveSettings(
      caller: Caller,
      eventId: number,
      form: RegistrationSettings,
    ): Promise<RegistrationSettingsView> {
      const event = await changeableEvent(caller, eventId);
      if (form.enabled && !event.is_public) throw conflict(REGISTRATION_MESSAGES.notPublic);
      await db.transaction().execute(async (trx) => {
        await findForm(trx, eventId, { lock: true });
        await saveForm(trx, { id: event.id, labId: event.lab_id }, form, deps.now());
        // A larger capacity (or none) gives the waiting list its places.
        await moveWaitlistUp(deps, trx, { event: await eventOf(trx, eventId), capacity: form.capacity });
      });
      return settings(caller, eventId);
    },

    async publicForm(slug: string): Promise<PublicRegistrationForm> {
      const event = await db
        .selectFrom('events')
        .select('id')
        .where('slug', '=', slug)
        .where('is_public', '=', true)
        .executeTakeFirst();
      if (!event) throw new DomainError('not_found', 'There is no public event at this address.');
      const form = await findForm(db, event.id);
      const { taken } = await countPlaces(db, event.id);
      return {
        enabled: form.enabled,
        approval: form.approval,
        consent_kinds: form.consent_kinds,
        fields: form.fields,
        full: form.capacity !== null && taken >= form.capacity,
      };
    },

    register: (slug: string, request: RegistrationRequest) => sendRegistration(deps, slug, request),

    confirm: (token: string) => confirmRegistration(deps, token),

    /** The cancellation link followed: the registration ends, its place goes to the waiting list. */
    async cancel(token: string): Promise<RegistrationOutcome> {
      const id = registrationOfCancelToken(deps.secret, token);
      if (id === undefined) throw new DomainError('invalid_token', REGISTRATION_MESSAGES.invalidLink);
      return endRegistration(deps, id, { kind: 'cancelled', byUserId: null });
    },

    async list(caller: Caller, eventId: number) {
      await changeableEvent(caller, eventId);
      return listRegistrations(db, eventId);
    },

    async remove(caller: Caller, eventId: number, registrationId: number) {
      await changeableEvent(caller, eventId);
      return endRegistration(deps, registrationId, { kind: 'removed', byUserId: userIdOf(caller), eventId });
    },

    async decide(caller: Caller, eventId: number, registrationId: number, decision: RegistrationDecision) {
      await changeableEvent(caller, eventId);
      return decideRegistration(deps, { eventId, registrationId, byUserId: userIdOf(caller) }, decision);
    },

    async csv(caller: Caller, eventId: number, locale: Locale) {
      const event = await changeableEvent(caller, eventId);
      const form = await findForm(db, eventId);
      return registrationsCsv(
        locale,
        event.default_timezone,
        form.fields,
        await listRegistrations(db, eventId),
      );
    },

    async funnel(caller: Caller, eventId: number) {
      const event = await findVisibleEvent(db, caller.principal, eventId);
      if (!event) throw notFound('event', eventId);
      return registrationFunnel(db, eventId);
    },
  };
}
