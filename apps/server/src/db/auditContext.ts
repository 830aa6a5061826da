// Who is changing the database, for the audit trail's triggers (migrations/20261128T220000_audit_trail.ts):
// a request that may change something runs in an audit context (the person, their reason, their time
// zone, the call), and every connection the pool hands out while it runs carries that context in its
// setting `lablive.audit`, so the trigger writing an entry in the change's own transaction knows who
// acted. Work that outlives its request (a room host started by a call, a job enqueued) finds the
// context closed and acts as the product itself (`system`), never in the name of whoever started it.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditActorKind } from '@lablive/domain';

export type AuditActor = {
  kind: Exclude<AuditActorKind, 'system'>;
  userId: number | null;
  /** A guest's participant: their name and address are sealed under its key. */
  participantId: number | null;
  name: string | null;
  email: string | null;
  roles: readonly string[];
  labId: number | null;
};

export type AuditContext = {
  actor: AuditActor;
  reason: string | null;
  timeZone: string | null;
  /** The call, as its route is declared (`DELETE /api/users/:id`). */
  via: string;
  /** False once the request has been answered. */
  open: boolean;
};

const storage = new AsyncLocalStorage<AuditContext>();

/** Runs `work` (and everything it starts) in `context`. */
export function runInAuditContext<T>(context: AuditContext, work: () => T): T {
  return storage.run(context, work);
}

/** The context of the request being served, if it is still open. */
export function currentAuditContext(): AuditContext | undefined {
  const context = storage.getStore();
  return context?.open ? context : undefined;
}

/** The value of `lablive.audit` for the work running now ('' when the product acts by itself). */
export function auditSetting(): string {
  const context = currentAuditContext();
  if (!context) return '';
  const { actor, reason, timeZone, via } = context;
  return JSON.stringify({ actor, reason, timeZone, via });
}
