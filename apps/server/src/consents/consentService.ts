// Consent (issue 33, part 1), decided once here; routes parse and answer, SQL is in consents.repository.ts
// and what entering needs is access/consentGate.ts's.
// - The back office writes a kind's texts (fr, en, de) and whether it is required; an edit that changes
//   them adds a version, the earlier ones stay (what a guest accepted is the exact text they saw).
// - A guest accepts at entry: on the public page with their sign-in (checkEntryConsents, then
//   recordEntryConsents once they are a participant), or on their event page reached by invitation
//   (accept). Withdrawing is recorded too; a required one withdrawn keeps them out of the rooms.
// - The room's log: the consents in force go into it when the guest enters (consentsToLog, sent by the
//   socket's join as RecordConsents), and a withdrawal as WithdrawConsent on the guest's room.
import {
  type AcceptConsentsRequest,
  type ConsentForm,
  type ConsentKind,
  type ConsentSource,
  DomainError,
  forbidden,
  type LabConsent,
  type MyConsents,
  missingConsents,
  notFound,
  type Principal,
  type RoomActor,
  type RoomCommandInput,
  type RoomCommandOf,
} from '@lablive/domain';
import type { Caller } from '../access/caller.ts';
import { acceptedVersionIds, askedConsents, consentsRequired } from '../access/consentGate.ts';
import { isEventRole } from '../access/eventRoles.ts';
import type { Db } from '../db/connection.ts';
import {
  findLabConsent,
  givenConsents,
  insertConsent,
  insertRecords,
  insertVersion,
  latestVersion,
  listLabConsents,
  lockLabConsents,
  setConsentActive,
  withdrawRecord,
} from './consents.repository.ts';

/** Runs a room command for a request (http/restCommands.ts), throwing the coded error of a refusal. */
export type LogInRoom = (command: {
  roomId: number;
  actor: RoomActor;
  command: RoomCommandInput;
  requestId: string;
}) => Promise<unknown>;

export type ConsentServiceDeps = { db: Db; now: () => Date; logInRoom: LogInRoom };

type Guest = { participantId: number; labId: number };

const GUESTS_ONLY = 'Consents are asked of an event’s guests: staff accept none.';

function guestOf(principal: Principal): Guest {
  if (principal.kind !== 'guest') throw forbidden(GUESTS_ONLY);
  return { participantId: principal.participantId, labId: principal.labId };
}

/** The ticked versions must be current consents of the lab: an old version or another lab's is refused. */
function checkTicked(asked: readonly { version_id: number }[], ticked: readonly number[]) {
  const unknown = ticked.filter((id) => !asked.some((consent) => consent.version_id === id));
  if (unknown.length > 0) {
    throw new DomainError(
      'validation',
      `consent_version_ids: ${unknown.join(', ')} is not a current consent of this event.`,
    );
  }
}

/** The accepted versions among those asked, recorded with where and when. */
async function recordAccepted(
  db: Db,
  guest: Guest,
  asked: readonly { consent_id: number; version_id: number }[],
  accepted: { versionIds: readonly number[]; source: ConsentSource; at: Date },
) {
  await insertRecords(
    db,
    asked
      .filter((consent) => accepted.versionIds.includes(consent.version_id))
      .map((consent) => ({
        labId: guest.labId,
        participantId: guest.participantId,
        consentId: consent.consent_id,
        versionId: consent.version_id,
        source: accepted.source,
        givenAt: accepted.at,
      })),
  );
}

/**
 * The public page's check, before the guest is signed in: the ticked versions are current, and with
 * those already accepted (a guest coming back) they cover every required one.
 */
export async function checkEntryConsents(
  db: Db,
  entry: { labId: number; participantId: number | null; ticked: readonly number[] },
): Promise<void> {
  const asked = await askedConsents(db, entry.labId);
  checkTicked(asked, entry.ticked);
  const accepted =
    entry.participantId === null ? new Set<number>() : await acceptedVersionIds(db, entry.participantId);
  const missing = missingConsents(asked, new Set([...accepted, ...entry.ticked]));
  if (missing.length > 0) throw consentsRequired(missing);
}

/** The public page's ticked versions recorded, once the guest is a participant. */
export async function recordEntryConsents(
  db: Db,
  entry: Guest & { ticked: readonly number[]; at: Date },
): Promise<void> {
  const asked = await askedConsents(db, entry.labId);
  await recordAccepted(db, entry, asked, { versionIds: entry.ticked, source: 'public_page', at: entry.at });
}

/** The guest's consents in force, as the room's log receives them when they enter. */
export async function consentsToLog(
  db: Db,
  participantId: number,
): Promise<RoomCommandOf<'RecordConsents'>['data']['consents']> {
  const given = await givenConsents(db, participantId);
  return given
    .filter((consent) => consent.withdrawn_at === null)
    .map((consent) => ({
      consentId: consent.consent_id,
      kind: consent.kind,
      version: consent.version,
      source: consent.source,
      givenAt: consent.given_at,
    }));
}

async function myConsents(db: Db, guest: Guest): Promise<MyConsents> {
  const [asked, given] = await Promise.all([
    askedConsents(db, guest.labId),
    givenConsents(db, guest.participantId),
  ]);
  const inForce = new Set(given.filter((row) => row.withdrawn_at === null).map((row) => row.version_id));
  return { asked, given, missing: missingConsents(asked, inForce) };
}

/** A kind written or edited: a new version only when its texts or being required changed. */
async function write(deps: ConsentServiceDeps, caller: Caller, kind: ConsentKind, form: ConsentForm) {
  const labId = caller.principal.labId;
  const createdBy = caller.principal.kind === 'user' ? caller.principal.userId : null;
  await deps.db.transaction().execute(async (trx) => {
    await lockLabConsents(trx, labId);
    const existing = await findLabConsent(trx, labId, kind);
    const consentId = existing?.id ?? (await insertConsent(trx, labId, kind, form.active)).id;
    if (existing && existing.active !== form.active) await setConsentActive(trx, consentId, form.active);
    const latest = existing ? await latestVersion(trx, consentId) : undefined;
    const unchanged =
      latest !== undefined &&
      latest.required === form.required &&
      latest.text_fr === form.texts.fr &&
      latest.text_en === form.texts.en &&
      latest.text_de === form.texts.de;
    if (unchanged) return;
    const version = (latest?.version ?? 0) + 1;
    await insertVersion(trx, {
      consentId,
      labId,
      version,
      required: form.required,
      texts: form.texts,
      createdBy,
    });
  });
  const written = (await listLabConsents(deps.db, labId)).find((consent) => consent.kind === kind);
  if (!written) throw notFound('consent', kind);
  return written;
}

/** The guest's room actor and room, for the log of a withdrawal; null when they were never placed. */
async function guestInRoom(db: Db, participantId: number) {
  const row = await db
    .selectFrom('participants')
    .select(['id', 'user_id', 'role', 'room_id', 'name', 'email'])
    .where('id', '=', participantId)
    .executeTakeFirst();
  if (!row || row.room_id === null) return null;
  const actor: RoomActor = {
    participantId: row.id,
    userId: row.user_id,
    role: isEventRole(row.role) ? row.role : 'participant',
    name: row.name,
    email: row.email,
  };
  return { roomId: row.room_id, actor };
}

async function withdraw(deps: ConsentServiceDeps, caller: Caller, recordId: number, requestId: string) {
  const guest = guestOf(caller.principal);
  const at = deps.now();
  const withdrawn = await withdrawRecord(deps.db, guest.participantId, recordId, at);
  if (!withdrawn) throw notFound('consent record', recordId);
  const record = (await givenConsents(deps.db, guest.participantId)).find((row) => row.id === recordId);
  const placed = await guestInRoom(deps.db, guest.participantId);
  // The record is the table's; the guest's room hears of it in its log (statistics, replay, signed log).
  if (record && placed) {
    await deps.logInRoom({
      roomId: placed.roomId,
      actor: placed.actor,
      requestId,
      command: {
        type: 'WithdrawConsent',
        data: {
          consentId: record.consent_id,
          kind: record.kind,
          version: record.version,
          withdrawnAt: at.toISOString(),
        },
      },
    });
  }
  return myConsents(deps.db, guest);
}

export function createConsentService(deps: ConsentServiceDeps) {
  const { db } = deps;
  return {
    list: (principal: Principal): Promise<LabConsent[]> => listLabConsents(db, principal.labId),
    write: (caller: Caller, kind: ConsentKind, form: ConsentForm) => write(deps, caller, kind, form),
    /** What the public page of an event asks: the consents of its lab, if it is a public event. */
    async askedBySlug(slug: string) {
      const event = await db
        .selectFrom('events')
        .innerJoin('labs', 'labs.id', 'events.lab_id')
        .select('events.lab_id')
        .where('events.slug', '=', slug)
        .where('events.is_public', '=', true)
        .where('labs.suspended_at', 'is', null)
        .executeTakeFirst();
      if (!event) throw new DomainError('not_found', 'There is no public event at this address.');
      return askedConsents(db, event.lab_id);
    },
    mine: (caller: Caller) => myConsents(db, guestOf(caller.principal)),
    /** Accepted on the guest's event page (the invitation path). */
    async accept(caller: Caller, request: AcceptConsentsRequest) {
      const guest = guestOf(caller.principal);
      const asked = await askedConsents(db, guest.labId);
      checkTicked(asked, request.version_ids);
      await recordAccepted(db, guest, asked, {
        versionIds: request.version_ids,
        source: 'invitation',
        at: deps.now(),
      });
      return myConsents(db, guest);
    },
    withdraw: (caller: Caller, recordId: number, requestId: string) =>
      withdraw(deps, caller, recordId, requestId),
  };
}

export type ConsentService = ReturnType<typeof createConsentService>;
