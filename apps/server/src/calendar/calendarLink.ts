// The calendar link of a guest's mails: `PUBLIC_URL/?calendar&e={event}&i={participant}&k={key}`. The
// key is an HMAC of the two ids with the server's secret, so the link stands for the mail that carried
// it (as personal as the invitation link) and nobody can make one for another guest by changing an id.
import { createHmac, timingSafeEqual } from 'node:crypto';

const keyOf = (secret: string, eventId: number, participantId: number): Buffer =>
  createHmac('sha256', secret).update(`lablive-calendar:${eventId}:${participantId}`).digest();

export function calendarKey(secret: string, eventId: number, participantId: number): string {
  return keyOf(secret, eventId, participantId).toString('base64url');
}

export function isCalendarKey(secret: string, eventId: number, participantId: number, key: string): boolean {
  const expected = keyOf(secret, eventId, participantId);
  const given = Buffer.from(key, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function calendarPageUrl(publicUrl: string, secret: string, eventId: number, participantId: number) {
  const key = calendarKey(secret, eventId, participantId);
  return `${publicUrl}/?calendar&e=${eventId}&i=${participantId}&k=${key}`;
}
