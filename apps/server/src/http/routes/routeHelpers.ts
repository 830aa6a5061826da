// What the lab-scoped routes of events, participants, rooms, documents and polls share: the id
// parameter, the coded errors they answer, and who the caller is in an event.
import {
  DomainError,
  effectivePermissions,
  idParamsSchema,
  type Permission,
  type Principal,
} from '@lablive/domain';
import type { Caller } from '../../auth/principals.repository.ts';
import type { Person } from '../../participants/participants.repository.ts';

export const idParams = idParamsSchema;

/** Another lab's row answers exactly like a row that does not exist. */
export const notFound = (what: string, id: number) => new DomainError('not_found', `No ${what} ${id}.`);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const invalid = (field: string, message: string) =>
  new DomainError('validation', `${field}: ${message}`);

export const NOT_A_PARTICIPANT = 'You are not a participant of this event.';

export function holds(principal: Principal, permission: Permission): boolean {
  return effectivePermissions(principal).includes(permission);
}

export const personOf = (caller: Caller): Person => ({
  principal: caller.principal,
  email: caller.user.email,
});
