// Guards a protected page: signed-out visitors go to /, guests who open a staff page go to their event.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { homeFor, useAuthStatus, useCurrentUser } from './useAuth.ts';

type RequireAuthProps = { staffOnly?: boolean; children: ReactNode };

export function RequireAuth({ staffOnly = false, children }: RequireAuthProps) {
  const status = useAuthStatus();
  const user = useCurrentUser();
  if (status === 'signingIn') return <PageSpinner />;
  if (user === null) return <Navigate to="/" replace />;
  if (staffOnly && user.kind !== 'user') return <Navigate to={homeFor(user)} replace />;
  return children;
}
