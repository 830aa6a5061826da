// Who is calling: the principal the guards and services check, the user /api/me shows, and the event a
// guest's token is bound to. Loaded by auth/principals.repository.ts; every feature takes it from here,
// with the person a participation is looked up by (their principal and the address they sign in with).
import { type CurrentUser, effectivePermissions, type Permission, type Principal } from '@lablive/domain';

export type Caller = { principal: Principal; user: CurrentUser; eventId: number | null };

/** Whom a participation belongs to: a guest by their participant id, a user by account or address. */
export type Person = { principal: Principal; email: string };

export const personOf = (caller: Caller): Person => ({
  principal: caller.principal,
  email: caller.user.email,
});

export function holds(principal: Principal, permission: Permission): boolean {
  return effectivePermissions(principal).includes(permission);
}

export const NOT_A_PARTICIPANT = 'You are not a participant of this event.';
