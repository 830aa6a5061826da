// Opaque single-purpose tokens (refresh, password reset, invitation): 256 random bits given to the user,
// only their SHA-256 stored, so a database leak does not leak usable tokens.
import { createHash, randomBytes } from 'node:crypto';

export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
