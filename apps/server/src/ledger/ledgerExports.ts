// A log exported for an inspector (issue 32, part 2): one JSON Lines file with the signed checkpoint,
// the verifier key and every entry as canonical JSON with the leaf hash the ledger wrote when it was
// logged (never recomputed here: a row altered since no longer matches it, and `lablive-verify` names
// it). The export signs a checkpoint of everything hashed so far when the last one is older, so a
// running session's log is exportable too. Each export is an entry of the audit trail.
import { type EventFields, EXPORT_FORMAT, eventLine, headerLine, type NoteSigner } from '@lablive/verify';
import type { Caller } from '../access/caller.ts';
import type { AuditService } from '../audit/auditService.ts';
import type { Db } from '../db/connection.ts';
import { toStoredEvent } from '../event-store/rows.ts';
import { roomStreamId } from '../event-store/types.ts';
import {
  auditEntriesByIds,
  auditLeaves,
  latestCheckpoint,
  leafHashes,
  logSizes,
} from './ledger.repository.ts';
import { auditEntryFields, auditLog, originOf, roomLog, sessionEventFields } from './ledgerLogs.ts';
import { signLog } from './ledgerWriter.ts';

export type LogExport = { fileName: string; body: string; size: number };

type Line = { seq: number; hash: Buffer; fields: EventFields };

export function createLedgerExports(deps: {
  db: Db;
  signer: NoteSigner;
  now: () => Date;
  audit: Pick<AuditService, 'recordExport'>;
}) {
  const { db, signer } = deps;

  /** The log's latest checkpoint, signed now if entries were hashed after it. */
  async function checkpointOf(log: string): Promise<{ note: string; size: number }> {
    const size = (await logSizes(db, [log])).get(log) ?? 0;
    const latest = await latestCheckpoint(db, log);
    if (latest && latest.size >= size) return { note: latest.note, size: latest.size };
    return { note: await signLog({ db, signer, now: deps.now }, log, size, 'export'), size };
  }

  function packageText(kind: string, log: string, note: string, lines: readonly Line[]): string {
    const header = headerLine({
      format: EXPORT_FORMAT,
      kind,
      origin: originOf(signer.name, log),
      checkpoint: note,
      key: signer.verifierKey,
      createdAt: deps.now().toISOString(),
    });
    return (
      header +
      lines
        .map((line) => eventLine({ ...line.fields, seq: line.seq, hash: line.hash.toString('base64') }))
        .join('')
    );
  }

  return {
    /** The verifier key inspectors check exports against (published; not a secret). */
    verifierKey: () => signer.verifierKey,

    /** A room's session log, as far as the ledger has hashed it. */
    async roomLog(caller: Caller, roomId: number): Promise<LogExport> {
      const log = roomLog(roomId);
      const { note, size } = await checkpointOf(log);
      const [hashes, rows] = await Promise.all([
        leafHashes(db, log, size),
        db
          .selectFrom('session_events')
          .selectAll()
          .where('stream_id', '=', roomStreamId(roomId))
          .where('stream_version', '<=', size)
          .orderBy('stream_version')
          .execute(),
      ]);
      // A row missing (deleted behind the product's back) leaves its place empty: the verifier names it.
      const lines = rows.flatMap((row): Line[] => {
        const hash = hashes[row.stream_version - 1];
        return hash
          ? [{ seq: row.stream_version, hash, fields: sessionEventFields(toStoredEvent(row)) }]
          : [];
      });
      const fileName = `room-${roomId}-log.jsonl`;
      await deps.audit.recordExport(caller, { recordType: 'room', recordId: String(roomId), file: fileName });
      return { fileName, body: packageText('session', log, note, lines), size };
    },

    /** The caller's lab's audit trail, as far as the ledger has hashed it. */
    async auditTrail(caller: Caller): Promise<LogExport> {
      const log = auditLog(caller.principal.labId);
      const { note, size } = await checkpointOf(log);
      const leaves = await auditLeaves(db, log, size);
      const entries = await auditEntriesByIds(
        db,
        leaves.map((leaf) => leaf.audit_entry_id ?? 0),
      );
      const lines = leaves.flatMap((leaf, index): Line[] => {
        const entry = entries[index];
        return entry ? [{ seq: leaf.seq, hash: leaf.leaf_hash, fields: auditEntryFields(entry) }] : [];
      });
      const fileName = `audit-trail-lab-${caller.principal.labId}.jsonl`;
      await deps.audit.recordExport(caller, { recordType: 'audit-trail', recordId: null, file: fileName });
      return { fileName, body: packageText('audit', log, note, lines), size };
    },
  };
}

export type LedgerExports = ReturnType<typeof createLedgerExports>;
