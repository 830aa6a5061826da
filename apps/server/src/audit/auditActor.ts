// Who a caller is in the audit trail: the account (name, address, roles, lab) or the guest, anonymous
// without a caller. A sign-in names its person as soon as their password is checked, so what the
// sign-in itself changes (the language they chose) is theirs, not an anonymous caller's.
import type { Caller } from '../access/caller.ts';
import { type AuditActor, currentAuditContext } from '../db/auditContext.ts';

export function actorOf(caller: Caller | null): AuditActor {
  if (!caller) {
    return {
      kind: 'anonymous',
      userId: null,
      participantId: null,
      name: null,
      email: null,
      roles: [],
      labId: null,
    };
  }
  const { principal, user } = caller;
  return {
    kind: principal.kind,
    userId: principal.kind === 'user' ? principal.userId : null,
    participantId: principal.kind === 'guest' ? principal.participantId : null,
    name: user.name,
    email: user.email,
    roles: principal.kind === 'user' ? principal.roles : [],
    labId: principal.labId,
  };
}

/** The request's person, once a sign-in has proved who they are. */
export function identifyAuditActor(caller: Caller): void {
  const context = currentAuditContext();
  if (context) context.actor = actorOf(caller);
}
