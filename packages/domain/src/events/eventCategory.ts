// Which section of the events page an event belongs to (back-office spec, section 4), decided once here
// for the server and the web. The spec's conditions are imprecise; these are the ones we hold to:
// - current: the event is running (active); or it was never closed although its planned end has
//   passed (overdue: staff still have to close it, and the page shows it dimmed);
// - closed: not active and closed (an end date is set when an event is closed);
// - planned: not active, not closed, and its planned end is still ahead.
// Dates are instants (ISO 8601 with an offset), so an event planned in another time zone falls in the
// same section as anywhere else. A cancelled event is deleted: it has no section.

export type EventCategory = 'current' | 'planned' | 'closed';

export type CategorisedEvent = { active: boolean; end_date: string | null; planned_end_date: string };

export function eventCategory(event: CategorisedEvent, now: Date): EventCategory {
  if (event.active) return 'current';
  if (event.end_date !== null) return 'closed';
  return Date.parse(event.planned_end_date) > now.getTime() ? 'planned' : 'current';
}

/** A current event that is not running: its planned end passed and nobody closed it. */
export function isOverdue(event: CategorisedEvent, now: Date): boolean {
  return !event.active && event.end_date === null && Date.parse(event.planned_end_date) <= now.getTime();
}

/** The running events first, then the overdue ones; each by planned start, soonest first. */
export function compareCurrentEvents(
  a: CategorisedEvent & { planned_start_date: string },
  b: CategorisedEvent & { planned_start_date: string },
): number {
  if (a.active !== b.active) return a.active ? -1 : 1;
  return Date.parse(a.planned_start_date) - Date.parse(b.planned_start_date);
}
