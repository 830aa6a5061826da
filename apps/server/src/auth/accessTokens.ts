// Short-lived signed access tokens (JWT, HS256), sent as `Authorization: Bearer`. They name the subject
// and the refresh-token family (session) they belong to, so that signing out ends them at once.
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

export type AccessTokenSubject = { kind: 'user'; userId: number } | { kind: 'guest'; participantId: number };

export type AccessTokenClaims = AccessTokenSubject & { sessionId: string };

const claimsSchema = z.object({
  sub: z.string().regex(/^(user|participant):\d+$/),
  sid: z.uuid(),
});

export type AccessTokens = {
  sign(claims: AccessTokenClaims): Promise<string>;
  /** Returns the claims, or null for an invalid, expired or foreign token. */
  verify(token: string): Promise<AccessTokenClaims | null>;
  ttlSeconds: number;
};

const ISSUER = 'lablive';

export function createAccessTokens(secret: string, ttlSeconds: number, now: () => Date): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async sign(claims) {
      const subject =
        claims.kind === 'user' ? `user:${claims.userId}` : `participant:${claims.participantId}`;
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: now(),
        });
        const parsed = claimsSchema.safeParse(payload);
        if (!parsed.success) return null;
        const [kind, id] = parsed.data.sub.split(':');
        const numericId = Number(id);
        return kind === 'user'
          ? { kind: 'user', userId: numericId, sessionId: parsed.data.sid }
          : { kind: 'guest', participantId: numericId, sessionId: parsed.data.sid };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
