// Runs the auth machine for the whole app and hands its actor to components through React context.
import { useActorRef } from '@xstate/react';
import { createContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { authMachine } from './authMachine.ts';
import type { LocalSession } from './localSession.ts';

export type AuthActorRef = ActorRefFrom<typeof authMachine>;

export const AuthActorContext = createContext<AuthActorRef | null>(null);

type AuthProviderProps = {
  /** The machine with its IO actors provided (see createAuthActors). */
  logic: typeof authMachine;
  session: LocalSession;
  children: ReactNode;
};

export function AuthProvider({ logic, session, children }: AuthProviderProps) {
  const actorRef = useActorRef(logic, { input: { session } });
  return <AuthActorContext value={actorRef}>{children}</AuthActorContext>;
}
