// The links of a registration's mails. The confirmation link carries an opaque single-use token (only its
// hash stored, like every personal token). The cancellation link, in every mail after the confirmation, is
// `PUBLIC_URL/registration/cancel?token=<id>.<key>`: the key an HMAC of the registration's id with the
// server's secret, so each mail carries the same link and nobody makes one for another registration.
import { createHmac, timingSafeEqual } from 'node:crypto';

const keyOf = (secret: string, registrationId: number) =>
  createHmac('sha256', secret).update(`lablive-registration-cancel:${registrationId}`).digest('base64url');

export function cancelToken(secret: string, registrationId: number): string {
  return `${registrationId}.${keyOf(secret, registrationId)}`;
}

/** The registration a cancellation token names, or undefined when its key is not ours. */
export function registrationOfCancelToken(secret: string, token: string): number | undefined {
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  const expected = Buffer.from(keyOf(secret, id), 'utf8');
  const given = Buffer.from(match[2] ?? '', 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

export const confirmUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/registration/confirm?token=${encodeURIComponent(token)}`;

export const cancelUrl = (publicUrl: string, secret: string, registrationId: number) =>
  `${publicUrl}/registration/cancel?token=${encodeURIComponent(cancelToken(secret, registrationId))}`;
