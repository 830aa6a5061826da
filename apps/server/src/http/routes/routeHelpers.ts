// What the lab-scoped routes of events, participants, rooms, documents and polls share: the id
// parameter and who the caller is in an event (the coded errors they answer come from the domain).
import { effectivePermissions, idParamsSchema, type Permission, type Principal } from '@lablive/domain';
import type { Caller } from '../../access/caller.ts';
import type { Person } from '../../participants/participants.repository.ts';

export const idParams = idParamsSchema;

export const NOT_A_PARTICIPANT = 'You are not a participant of this event.';

export function holds(principal: Principal, permission: Permission): boolean {
  return effectivePermissions(principal).includes(permission);
}

export const personOf = (caller: Caller): Person => ({
  principal: caller.principal,
  email: caller.user.email,
});
