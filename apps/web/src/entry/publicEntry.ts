// The public entry page's inputs (live-room spec, section 2): the event's slug from the path
// (parsePublicSlug, in theme/ since the theme is loaded by it too), and the optional `fname`, `lname` and `email` query
// parameters that prefill the form. The form's rules are the domain's public-guest sign-in schema.
import { publicGuestLoginSchema } from '@lablive/domain';
import type { z } from 'zod';

export const guestEntrySchema = publicGuestLoginSchema.pick({ firstName: true, lastName: true, email: true });
export type GuestEntryInput = z.input<typeof guestEntrySchema>;
export type GuestEntryValues = z.output<typeof guestEntrySchema>;

/** Prefill from `?fname=…&lname=…&email=…`; a value longer than the form accepts is left out. */
export function prefillFromSearch(search: string): GuestEntryInput {
  const params = new URLSearchParams(search);
  const read = (name: string, max: number) => {
    const value = params.get(name)?.trim() ?? '';
    return value.length <= max ? value : '';
  };
  return { firstName: read('fname', 100), lastName: read('lname', 100), email: read('email', 254) };
}
