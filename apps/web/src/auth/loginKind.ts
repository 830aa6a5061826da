// Which of the three sign-in shapes was tried; screens show a kept error only where it was made.
import type { LoginRequest } from '@lablive/domain';

export type LoginKind = 'password' | 'invitation' | 'guest';

export function loginKind(request: LoginRequest): LoginKind {
  if ('isPublic' in request) return 'guest';
  if ('invitation' in request) return 'invitation';
  return 'password';
}
