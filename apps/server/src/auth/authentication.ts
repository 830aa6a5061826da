// Who is calling: verifies the Bearer access token, checks its session is still open, and loads the
// caller. `guard(requirement)` is the one server-side check of roles, permissions and lab modules.
import { checkAccess, DomainError, MESSAGES, type Requirement } from '@lablive/domain';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Caller } from '../access/caller.ts';
import type { Db } from '../db/connection.ts';
import type { AccessTokens } from './accessTokens.ts';
import { loadCaller } from './principals.repository.ts';
import { isSessionActive } from './sessions.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    sessionId: string | null;
  }
}

export type Authenticator = {
  /** The caller behind an access token, and its session; throws a 401 DomainError when there is none. */
  verifyToken(token: string): Promise<{ caller: Caller; sessionId: string }>;
  /** Loads the caller into request.caller; throws a 401 DomainError when there is none. */
  authenticate(request: FastifyRequest): Promise<Caller>;
  /**
   * An onRequest hook: the caller must be signed in and meet the requirement. Installed on each route
   * from the API access table (apiGuards.ts), so it runs before the body is even parsed.
   */
  guard(requirement?: Requirement): onRequestAsyncHookHandler;
};

export function createAuthenticator(deps: { db: Db; tokens: AccessTokens; now: () => Date }): Authenticator {
  async function verifyToken(token: string) {
    const claims = await deps.tokens.verify(token);
    if (!claims || !(await isSessionActive(deps.db, claims.sessionId, deps.now()))) {
      throw new DomainError('invalid_token', MESSAGES.invalidToken);
    }
    const caller = await loadCaller(deps.db, claims);
    if (!caller) throw new DomainError('invalid_token', MESSAGES.invalidToken);
    return { caller, sessionId: claims.sessionId };
  }

  async function authenticate(request: FastifyRequest): Promise<Caller> {
    if (request.caller) return request.caller;
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) {
      throw new DomainError('unauthenticated', 'Sign-in required: send Authorization: Bearer <token>.');
    }
    const { caller, sessionId } = await verifyToken(match[1]);
    request.caller = caller;
    request.sessionId = sessionId;
    return caller;
  }

  return {
    verifyToken,
    authenticate,
    guard(requirement = {}) {
      return async (request) => {
        const caller = await authenticate(request);
        const decision = checkAccess(caller.principal, requirement);
        if (decision.allowed) return;
        if (decision.reason === 'module_disabled') {
          throw new DomainError(
            'module_disabled',
            `The module ${decision.missing.join(', ')} is not enabled for your lab.`,
          );
        }
        throw new DomainError('forbidden', MESSAGES.notEnoughPermissions, { missing: decision.missing });
      };
    },
  };
}
