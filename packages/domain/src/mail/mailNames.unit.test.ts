// The names a mail is written with (an event's, a guest's, a user's first and last) are one line at the
// boundary: a line break in one would start a line of the plain-text mail that passes for LabLive's own
// ("Hello Dr X" then "Click http://evil"). Each schema refuses it naming the field.
import { describe, expect, it } from 'vitest';
import { publicGuestLoginSchema } from '../auth/schemas.ts';
import { SINGLE_LINE_MESSAGE } from '../documents/documents.ts';
import { eventFormSchema } from '../events/eventForm.ts';
import { createParticipantRequestSchema, participantFormSchema } from '../participants/participants.ts';
import { profileFormSchema } from '../users/profile.ts';
import { userCreateSchema } from '../users/userAdmin.ts';

const FORGED = 'Dr X\nClick http://evil.example to confirm your account';

/** The first issue of a refused parse: its field and its message. */
function refusal(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  const issue = result.error?.issues[0];
  return { field: issue?.path.join('.'), message: issue?.message };
}

const event = {
  name: 'Oncology update',
  rooms_needed: 1,
  medias: [1],
  date: '2026-12-01',
  start_time: '14:00',
  end_time: '16:00',
  default_timezone: 'Europe/Paris',
};
const guest = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.org', eventSlug: 'e', isPublic: true };
const profile = { email: 'ada@x.org', first_name: 'Ada', last_name: 'Lovelace' };

describe('a name written into mails', () => {
  it('refuses a line break, naming the field, wherever the name enters', () => {
    const expected = (field: string) => ({ field, message: SINGLE_LINE_MESSAGE });
    expect(refusal(eventFormSchema.safeParse({ ...event, name: FORGED }))).toEqual(expected('name'));
    expect(
      refusal(
        participantFormSchema.safeParse({
          name: FORGED,
          email: 'g@x.org',
          role: 'participant',
          room_id: null,
        }),
      ),
    ).toEqual(expected('name'));
    for (const field of ['name', 'first_name', 'last_name']) {
      expect(
        refusal(createParticipantRequestSchema.safeParse({ event_id: 1, email: 'g@x.org', [field]: FORGED })),
      ).toEqual(expected(field));
    }
    expect(refusal(publicGuestLoginSchema.safeParse({ ...guest, firstName: FORGED }))).toEqual(
      expected('firstName'),
    );
    expect(refusal(publicGuestLoginSchema.safeParse({ ...guest, lastName: 'X\r\nY' }))).toEqual(
      expected('lastName'),
    );
    expect(refusal(profileFormSchema.safeParse({ ...profile, first_name: FORGED }))).toEqual(
      expected('first_name'),
    );
    expect(refusal(userCreateSchema.safeParse({ ...profile, last_name: FORGED, groups: [1] }))).toEqual(
      expected('last_name'),
    );
  });

  it('refuses the other control characters and the Unicode line separators too, and keeps plain names', () => {
    for (const name of ['Dr X\rY', 'Dr\tX', 'Dr\u0085X', 'Dr\u2028X', 'Dr\u2029X', 'Dr\u001bX']) {
      expect(refusal(eventFormSchema.safeParse({ ...event, name })).message, JSON.stringify(name)).toBe(
        SINGLE_LINE_MESSAGE,
      );
    }
    expect(eventFormSchema.parse({ ...event, name: '  Journée « Oncologie » 2026  ' }).name).toBe(
      'Journée « Oncologie » 2026',
    );
    expect(
      publicGuestLoginSchema.parse({ ...guest, firstName: 'Zoë-Ann', lastName: "O'Brien" }),
    ).toMatchObject({
      firstName: 'Zoë-Ann',
      lastName: "O'Brien",
    });
  });
});
