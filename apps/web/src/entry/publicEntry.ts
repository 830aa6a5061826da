// The public entry page's inputs (live-room spec, section 2): the event's slug from the path (it ends
// in `-{id}`, which also gives the theme), and the optional `fname`, `lname` and `email` query
// parameters that prefill the form. The form's rules are the domain's public-guest sign-in schema.
import { publicGuestLoginSchema } from '@lablive/domain';
import type { z } from 'zod';
import { eventIdFromPath } from '../theme/themeSources.ts';

export const guestEntrySchema = publicGuestLoginSchema.pick({ firstName: true, lastName: true, email: true });
export type GuestEntryInput = z.input<typeof guestEntrySchema>;
export type GuestEntryValues = z.output<typeof guestEntrySchema>;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*-\d+$/i;
/** The domain's limit on eventSlug. */
const MAX_SLUG_LENGTH = 200;

/** A public event link's slug and the event id it ends with; null for any other path segment. */
export function parsePublicSlug(segment: string | undefined): { slug: string; eventId: number } | null {
  if (segment === undefined || segment.length > MAX_SLUG_LENGTH || !SLUG_PATTERN.test(segment)) return null;
  const eventId = eventIdFromPath(`/${segment}`);
  return eventId === null ? null : { slug: segment, eventId };
}

/** Prefill from `?fname=…&lname=…&email=…`; a value longer than the form accepts is left out. */
export function prefillFromSearch(search: string): GuestEntryInput {
  const params = new URLSearchParams(search);
  const read = (name: string, max: number) => {
    const value = params.get(name)?.trim() ?? '';
    return value.length <= max ? value : '';
  };
  return { firstName: read('fname', 100), lastName: read('lname', 100), email: read('email', 254) };
}
