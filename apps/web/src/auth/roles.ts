// What a signed-in user's back-office rights let them do in the pages (the server enforces the same):
// a manager (admin, super-admin, or manage events) picks rooms and roles.
import type { CurrentUser } from '@lablive/domain';

export function isManager(user: CurrentUser): boolean {
  if (user.kind !== 'user') return false;
  return (
    user.roles.some((role) => role === 'admin' || role === 'super-admin') ||
    user.permissions.includes('manage_events')
  );
}
