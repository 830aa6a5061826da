// The ledger's writer: reads the event log and the audit trail in their final order (below the
// snapshot's xmin, as the projections read the log), writes each entry's leaf hash once, and signs a
// checkpoint of a room's log when its session ends and of every log that grew, once a day. One
// instance writes at a time (an advisory lock held by the transaction); a page of leaves and the
// cursor after it commit together, so nothing is hashed twice or skipped across restarts.
import { eventLeafHash, type NoteSigner, signCheckpoint, treeHead } from '@lablive/verify';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { positionOf, readAll } from '../event-store/readAll.ts';
import {
  auditEntriesAfter,
  insertCheckpoint,
  insertLeaves,
  leafHashes,
  logSizes,
  logsDueDaily,
  type NewLeaf,
  readCursor,
  saveCursor,
} from './ledger.repository.ts';
import {
  auditEntryFields,
  auditLog,
  originOf,
  roomLog,
  roomOfStream,
  sessionEventFields,
} from './ledgerLogs.ts';

/** The advisory lock only the ledger's writer takes ("ledger" in ASCII). */
const LEDGER_LOCK = 0x6c_65_64_67_65_72;
const PAGE = 2_000;
const DAY_MS = 24 * 3600 * 1000;

export type LedgerDeps = { db: Db; signer: NoteSigner; now: () => Date };

/** Signs a checkpoint of a log's first `size` leaves. */
export async function signLog(
  deps: LedgerDeps,
  log: string,
  size: number,
  cause: 'session-ended' | 'daily' | 'export',
): Promise<string> {
  const root = treeHead(await leafHashes(deps.db, log, size));
  const note = signCheckpoint(
    { origin: originOf(deps.signer.name, log), size, root, extensions: [] },
    deps.signer,
  );
  await insertCheckpoint(deps.db, { log, size, root, note, cause });
  return note;
}

type PageResult = { leaves: number; more: boolean };

async function hashSessionLog(deps: LedgerDeps, trx: Db): Promise<PageResult> {
  const after = await readCursor(trx, 'session-log');
  // As stored: personal fields sealed, the bytes an export gives and a verifier hashes again.
  const { events } = await readAll(trx, after, PAGE, { sealed: true });
  const leaves: NewLeaf[] = [];
  const ended: Array<{ log: string; size: number }> = [];
  for (const event of events) {
    const roomId = roomOfStream(event.streamId);
    if (roomId === null) continue;
    const log = roomLog(roomId);
    leaves.push({
      log,
      seq: event.streamVersion,
      leafHash: eventLeafHash(event.streamVersion, sessionEventFields(event)),
      auditEntryId: null,
    });
    if (event.type === 'SessionEnded') ended.push({ log, size: event.streamVersion });
  }
  await insertLeaves(trx, leaves);
  const last = events.at(-1);
  if (last) await saveCursor(trx, 'session-log', positionOf(last));
  for (const { log, size } of ended) await signLog({ ...deps, db: trx }, log, size, 'session-ended');
  return { leaves: leaves.length, more: events.length === PAGE };
}

async function hashAuditTrail(trx: Db): Promise<PageResult> {
  const after = await readCursor(trx, 'audit-trail');
  const entries = await auditEntriesAfter(trx, after, PAGE);
  const logs = [...new Set(entries.map((entry) => auditLog(entry.lab_id)))];
  const sizes = await logSizes(trx, logs);
  const leaves = entries.map((entry): NewLeaf => {
    const log = auditLog(entry.lab_id);
    const seq = (sizes.get(log) ?? 0) + 1;
    sizes.set(log, seq);
    return { log, seq, leafHash: eventLeafHash(seq, auditEntryFields(entry)), auditEntryId: entry.id };
  });
  await insertLeaves(trx, leaves);
  const last = entries.at(-1);
  if (last)
    await saveCursor(trx, 'audit-trail', { transactionId: last.transaction_id, globalPosition: last.id });
  return { leaves: leaves.length, more: entries.length === PAGE };
}

/**
 * One pass: a page of each source hashed, and (when `daily` is asked) every log that grew and was
 * last signed more than a day ago signed. Answers how many leaves it wrote and whether more are waiting;
 * null when another instance holds the writer's lock.
 */
export async function runLedgerOnce(
  deps: LedgerDeps,
  options: { daily?: boolean } = {},
): Promise<{ leaves: number; more: boolean } | null> {
  return deps.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`SELECT pg_try_advisory_xact_lock(${LEDGER_LOCK}) AS locked`.execute(trx);
    if (!rows[0]?.locked) return null;
    const session = await hashSessionLog(deps, trx);
    const audit = await hashAuditTrail(trx);
    if (options.daily) {
      const since = new Date(deps.now().getTime() - DAY_MS);
      for (const { log, size } of await logsDueDaily(trx, since)) {
        await signLog({ ...deps, db: trx }, log, size, 'daily');
      }
    }
    return { leaves: session.leaves + audit.leaves, more: session.more || audit.more };
  });
}

/**
 * The writer's loop on an instance: a pass every `intervalMs` (at once again while pages are full),
 * the daily signing checked once an hour. A failed pass is logged and tried again at the next tick.
 */
export function startLedger(
  deps: LedgerDeps & { log: (message: string, error?: unknown) => void },
  intervalMs = 2_000,
): { stop(): Promise<void> } {
  let stopped = false;
  let lastDaily = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    if (stopped) return;
    const daily = Date.now() - lastDaily > 3600_000;
    try {
      const result = await runLedgerOnce(deps, { daily });
      if (daily && result !== null) lastDaily = Date.now();
      if (result?.more && !stopped) {
        running = tick();
        return;
      }
    } catch (error) {
      deps.log('ledger pass failed; retried at the next tick', error);
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), intervalMs);
  };
  timer = setTimeout(() => (running = tick()), intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
