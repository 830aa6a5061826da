// IANA time zones (`Europe/Paris`), as events and participants carry them: checked against the
// runtime's own zone database, so a zone the server cannot format dates in is refused at the boundary.
import { text } from './text.ts';

export function isTimeZone(value: string): boolean {
  if (value.length === 0) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = text()
  .trim()
  .max(64)
  .refine(isTimeZone, { message: 'must be an IANA time zone, e.g. Europe/Paris' });
