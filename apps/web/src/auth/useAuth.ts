// Hooks that read the auth machine: its status, the signed-in user, the kept error, and its actor to
// send `auth.*` events to.
import { type CurrentUser, principalOf } from '@lablive/domain';
import { useSelector } from '@xstate/react';
import { useContext } from 'react';
import type { SnapshotFrom } from 'xstate';
import { adminHomeFor } from '../admin/adminNav.ts';
import { BUILT_ADMIN_PAGE_SET } from '../admin/adminPages.ts';
import { AuthActorContext, type AuthActorRef } from './AuthProvider.tsx';
import type { AuthContext, AuthStatus, authMachine } from './authMachine.ts';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export function useAuthActor(): AuthActorRef {
  const actorRef = useContext(AuthActorContext);
  if (actorRef === null) throw new Error('useAuthActor must be used inside <AuthProvider>');
  return actorRef;
}

export function selectStatus(snapshot: AuthSnapshot): AuthStatus {
  if (snapshot.matches('signedIn')) return 'signedIn';
  if (snapshot.matches('signedOut')) return 'signedOut';
  if (snapshot.matches('signingIn')) return 'signingIn';
  if (snapshot.matches('signingOut')) return 'signingOut';
  return 'checking';
}

export const useAuthStatus = (): AuthStatus => useSelector(useAuthActor(), selectStatus);

export const useCurrentUser = (): CurrentUser | null => useSelector(useAuthActor(), (s) => s.context.user);

export const useAuthContext = <T>(select: (context: AuthContext) => T): T =>
  useSelector(useAuthActor(), (snapshot) => select(snapshot.context));

/** Where a signed-in person belongs: staff to the first back-office page they may open, guests to their event. */
export const homeFor = (user: CurrentUser): string =>
  user.kind === 'user' ? adminHomeFor(principalOf(user), BUILT_ADMIN_PAGE_SET) : '/event';
