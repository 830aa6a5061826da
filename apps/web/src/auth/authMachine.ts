// The authentication flow (live-room spec, section 4): a stored token signs the user in again through
// GET /api/me; otherwise signed out until a login succeeds. A failed login keeps its error for the
// screen; signing out ends the server session and forgets tokens, theme and client ids. The IO actors
// are named here and implemented in authActors.ts (tests provide their own).
import type { CurrentUser, LoginRequest, LoginResponse, MeResponse } from '@lablive/domain';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { type Failure, toFailure } from '../failure.ts';
import type { LocalSession } from './localSession.ts';
import { type LoginKind, loginKind } from './loginKind.ts';

export type AuthContext = {
  session: LocalSession;
  user: CurrentUser | null;
  /** The event a guest (or an invited staff member) was admitted to. */
  eventId: number | null;
  error: Failure | null;
  lastAttempt: LoginKind | null;
};

/** What the profile page changed of the signed-in user: their names and e-mail, and their picture. */
export type ChangedProfile = Pick<CurrentUser, 'email' | 'first_name' | 'last_name'> &
  Partial<Pick<CurrentUser, 'avatar_url'>>;

export type AuthEvent =
  | { type: 'auth.login'; credentials: LoginRequest }
  | { type: 'auth.logout' }
  | { type: 'auth.dismissError' }
  /** The signed-in user saved their profile: the names and e-mail shown everywhere follow. */
  | { type: 'auth.profileChanged'; profile: ChangedProfile };

export type AuthInput = { session: LocalSession };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`authMachine: provide the ${name} actor`));

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    fetchMe: fromPromise<MeResponse>(notProvided('fetchMe')),
    login: fromPromise<LoginResponse, { credentials: LoginRequest }>(notProvided('login')),
    logout: fromPromise<void>(notProvided('logout')),
  },
  guards: {
    hasStoredToken: ({ context }) => context.session.hasStoredToken(),
    wasSignedIn: ({ context }) => context.user !== null,
  },
  actions: {
    rememberUser: assign((_, params: { user: CurrentUser; eventId: number | null }) => ({
      user: params.user,
      eventId: params.eventId ?? params.user.participation?.event_id ?? null,
      error: null,
    })),
    forgetUser: assign({ user: null, eventId: null }),
    noteAttempt: assign((_, params: { kind: LoginKind }) => ({ lastAttempt: params.kind, error: null })),
    keepError: assign((_, params: { error: Failure }) => ({ error: params.error })),
    dismissError: assign({ error: null }),
    applyProfile: assign(({ context }, params: ChangedProfile) => ({
      user: context.user && {
        ...context.user,
        ...params,
        name: `${params.first_name} ${params.last_name}`.trim(),
      },
    })),
    clearLocalSession: ({ context }) => context.session.clear(),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    session: input.session,
    user: null,
    eventId: null,
    error: null,
    lastAttempt: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      initial: 'lookingForToken',
      states: {
        lookingForToken: {
          always: [{ guard: 'hasStoredToken', target: 'fetchingUser' }, { target: '#auth.signedOut' }],
        },
        fetchingUser: {
          invoke: {
            src: 'fetchMe',
            onDone: {
              target: '#auth.signedIn',
              actions: {
                type: 'rememberUser',
                params: ({ event }) => ({ user: event.output.user, eventId: event.output.event_id }),
              },
            },
            onError: [
              // Refused by the server (even after a refresh): that session is over.
              {
                guard: ({ event }) => toFailure(event.error).status === 401,
                target: '#auth.signedOut',
                actions: 'clearLocalSession',
              },
              // Unreachable: keep the tokens, a reload may sign in again.
              { target: '#auth.signedOut' },
            ],
          },
        },
      },
    },
    signedOut: {
      on: {
        'auth.login': {
          target: 'signingIn',
          actions: { type: 'noteAttempt', params: ({ event }) => ({ kind: loginKind(event.credentials) }) },
        },
        'auth.dismissError': { actions: 'dismissError' },
      },
    },
    signingIn: {
      invoke: {
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'auth.login');
          return { credentials: event.credentials };
        },
        onDone: {
          target: 'signedIn',
          actions: {
            type: 'rememberUser',
            params: ({ event }) => ({ user: event.output.user, eventId: event.output.event_id }),
          },
        },
        onError: [
          {
            // A failed sign-in while signed in (an invitation link) ends the old session too, so the
            // screen and the stored tokens never disagree.
            guard: 'wasSignedIn',
            target: 'signedOut',
            actions: [
              { type: 'keepError', params: ({ event }) => ({ error: toFailure(event.error) }) },
              'forgetUser',
              'clearLocalSession',
            ],
          },
          {
            target: 'signedOut',
            actions: { type: 'keepError', params: ({ event }) => ({ error: toFailure(event.error) }) },
          },
        ],
      },
    },
    signedIn: {
      on: {
        'auth.logout': { target: 'signingOut' },
        'auth.profileChanged': {
          actions: { type: 'applyProfile', params: ({ event }) => event.profile },
        },
        'auth.login': {
          target: 'signingIn',
          actions: { type: 'noteAttempt', params: ({ event }) => ({ kind: loginKind(event.credentials) }) },
        },
      },
    },
    signingOut: {
      invoke: {
        src: 'logout',
        // Whatever the server answers, this browser forgets the session.
        onDone: { target: 'signedOut', actions: ['forgetUser', 'clearLocalSession'] },
        onError: { target: 'signedOut', actions: ['forgetUser', 'clearLocalSession'] },
      },
    },
  },
});

export type AuthStatus = 'checking' | 'signedOut' | 'signingIn' | 'signedIn' | 'signingOut';
