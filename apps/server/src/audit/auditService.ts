// The audit trail read and exported (/admin/audit, permission `view audit`), and the entries the server
// writes itself: sign-ins, failed sign-ins, exports. A lab's trail is its own: a search never crosses
// lab boundaries; entries tied to no lab (a failed sign-in of an unknown address) are the platform's,
// read by those who manage labs. Exporting the trail is itself an entry.
import {
  type AuditExportQuery,
  type AuditFilter,
  type AuditPage,
  type AuditQuery,
  type AuditRecordType,
  type Principal,
  wallClockInstants,
} from '@lablive/domain';
import { type Caller, holds } from '../access/caller.ts';
import { currentAuditContext } from '../db/auditContext.ts';
import type { Db } from '../db/connection.ts';
import {
  type AuditSearch,
  countAuditEntries,
  insertAuditEntry,
  searchAuditEntries,
} from './audit.repository.ts';
import { actorOf } from './auditActor.ts';
import { auditCsv } from './auditCsv.ts';
import { auditEntryOf } from './auditEntry.ts';

/** An export holds at most this many entries; a larger one is asked for in smaller periods. */
export const AUDIT_EXPORT_MAX = 100_000;

/** The first instant of a day in a zone (or the instant given). */
function instantOf(value: string, timeZone: string, nextDay: boolean): Date {
  if (value.includes('T')) return new Date(value);
  const day = new Date(`${value}T00:00:00Z`);
  if (nextDay) day.setUTCDate(day.getUTCDate() + 1);
  const dayText = day.toISOString().slice(0, 10);
  return wallClockInstants(dayText, '00:00', timeZone)[0] ?? new Date(`${dayText}T00:00:00Z`);
}

function searchOf(principal: Principal, filter: AuditFilter): AuditSearch {
  const zone = filter.timeZone ?? 'UTC';
  return {
    labId: principal.labId,
    withPlatformEntries: holds(principal, 'manage_labs'),
    who: filter.who,
    recordType: filter.recordType,
    recordId: filter.recordId,
    field: filter.field,
    action: filter.action,
    from: filter.from ? instantOf(filter.from, zone, false) : undefined,
    to: filter.to ? instantOf(filter.to, zone, !filter.to.includes('T')) : undefined,
  };
}

export type ExportedFile = { fileName: string; contentType: string; body: string };

export function createAuditService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;

  /** An export of the lab's data (the trail itself, a session's statistics), recorded in the trail. */
  async function recordExport(
    caller: Caller,
    what: {
      recordType: AuditRecordType;
      recordId: string | null;
      file: string;
      timeZone?: string | null;
      /** Whose data it holds, when a person's: stored sealed under their address, erased with it. */
      person?: { email: string; subject: string };
    },
  ) {
    await insertAuditEntry(db, {
      labId: caller.principal.labId,
      actor: actorOf(caller),
      timeZone: what.timeZone ?? null,
      action: 'export',
      recordType: what.recordType,
      recordId: what.recordId,
      changes: [
        { field: 'file', old: null, new: what.file },
        ...(what.person
          ? [{ field: 'person', old: null, new: what.person.email, sealUnder: what.person.subject }]
          : []),
      ],
      reason: null,
      via: null,
    });
  }

  return {
    recordExport,

    async search(caller: Caller, query: AuditQuery): Promise<AuditPage> {
      const search = searchOf(caller.principal, query);
      const [rows, total] = await Promise.all([
        searchAuditEntries(db, search, { start: query.start, count: query.count }),
        countAuditEntries(db, search),
      ]);
      return { items: rows.map(auditEntryOf), total };
    },

    /** The entries the filter finds, as CSV in the reader's language or as JSON; recorded as an export. */
    async exportFile(caller: Caller, query: AuditExportQuery, readerLocale: AuditExportQuery['locale']) {
      const search = searchOf(caller.principal, query);
      const rows = await searchAuditEntries(db, search, { start: 0, count: AUDIT_EXPORT_MAX });
      const entries = rows.map(auditEntryOf);
      const stamp = deps.now().toISOString().slice(0, 10);
      const file: ExportedFile =
        query.format === 'csv'
          ? {
              fileName: `audit-trail-${stamp}.csv`,
              contentType: 'text/csv; charset=utf-8',
              body: auditCsv(entries, query.locale ?? readerLocale ?? 'en', query.timeZone ?? 'UTC'),
            }
          : {
              fileName: `audit-trail-${stamp}.json`,
              contentType: 'application/json; charset=utf-8',
              body: `${JSON.stringify({ exportedAt: deps.now().toISOString(), filter: query, entries }, null, 2)}\n`,
            };
      await recordExport(caller, {
        recordType: 'audit-trail',
        recordId: null,
        file: `${file.fileName} (${entries.length})`,
        timeZone: query.timeZone ?? null,
      });
      return file;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

/** A failed sign-in: a password for an address (the account, when one holds it), or a personal link. */
type FailedSignIn =
  | { ok: false; method: 'password'; email: string; account: { id: number; labId: number } | null }
  | { ok: false; method: 'invitation link'; participant: { id: number; labId: number } | null };

/**
 * A sign-in, or a failed one, in the trail. A failure names what was tried (the address and the
 * account holding it; the link's guest, when the link was ever issued) and how; a success, the person.
 * In the sign-in call's context (its zone, the call).
 */
export async function recordSignIn(
  db: Db,
  outcome: { ok: true; caller: Caller } | FailedSignIn,
): Promise<void> {
  const context = currentAuditContext();
  const common = { timeZone: context?.timeZone ?? null, reason: null, via: context?.via ?? null };
  if (outcome.ok) {
    await insertAuditEntry(db, {
      ...common,
      labId: outcome.caller.principal.labId,
      actor: actorOf(outcome.caller),
      action: 'sign-in',
      recordType: 'account',
      recordId: outcome.caller.principal.kind === 'user' ? String(outcome.caller.principal.userId) : null,
      changes: [],
    });
    return;
  }
  const byPassword = outcome.method === 'password';
  const target = byPassword ? outcome.account : outcome.participant;
  await insertAuditEntry(db, {
    ...common,
    labId: target?.labId ?? null,
    actor: {
      kind: 'anonymous',
      userId: null,
      participantId: null,
      name: null,
      email: byPassword ? outcome.email : null,
      roles: [],
    },
    action: 'sign-in-failed',
    recordType: byPassword ? 'account' : 'participant',
    recordId: target ? String(target.id) : null,
    changes: [{ field: 'method', old: null, new: outcome.method }],
  });
}
