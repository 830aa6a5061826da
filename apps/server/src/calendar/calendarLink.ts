// The calendar link of a guest's mails: `PUBLIC_URL/?calendar&e={event}&i={participant}&k={key}`. The
// key is an HMAC of the two ids with the server's secret, so the link stands for the mail that carried
// it (as personal as the invitation link) and nobody can make one for another guest by changing an id.
import { createHmac, timingSafeEqual } from 'node:crypto';

const keyOf = (secret: string, eventId: number, participantId: number): Buffer =>
  createHmac('sha256', secret).update(`lablive-calendar:${eventId}:${participantId}`).digest();

export function calendarKey(secret: string, eventId: number, participantId: number): string {
  return keyOf(secret, eventId, participantId).toString('base64url');
}

/**
 * Whether `key` is the link's key, exactly as the server writes it (base64url, unpadded). The text is
 * compared, not what it decodes to: Node's decoder forgives padding, `+` and `/` for `-` and `_`,
 * whitespace and stray characters, and the unused bits of the last character, so many spellings would
 * decode to the one key; only its own form is accepted. The comparison takes the same time wherever
 * the first difference is.
 */
export function isCalendarKey(secret: string, eventId: number, participantId: number, key: string): boolean {
  const expected = Buffer.from(calendarKey(secret, eventId, participantId), 'utf8');
  const given = Buffer.from(key, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function calendarPageUrl(publicUrl: string, secret: string, eventId: number, participantId: number) {
  const key = calendarKey(secret, eventId, participantId);
  return `${publicUrl}/?calendar&e=${eventId}&i=${participantId}&k=${key}`;
}
