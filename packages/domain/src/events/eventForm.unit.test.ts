import { describe, expect, it } from 'vitest';
import {
  descriptionCharacters,
  EVENT_LIMITS,
  eventFormSchema,
  eventSlug,
  plannedInstants,
  wallClock,
  zonedInstant,
} from './eventForm.ts';

const form = {
  name: 'Oncology update',
  rooms_needed: 3,
  medias: [1],
  date: '2026-12-01',
  start_time: '14:00',
  end_time: '16:00',
  default_timezone: 'Europe/Paris',
};

describe('the event form', () => {
  it('applies the spec defaults: type rp, automatic distribution, no reminder, not public', () => {
    expect(eventFormSchema.parse(form)).toMatchObject({
      type: 'rp',
      auto_dispatcher: true,
      is_public: false,
      description: '',
      email_relaunch_J7: false,
      email_relaunch_J1: false,
      email_relaunch_h1: false,
    });
  });

  it('wants the end after the start, and no manual distribution for a public event', () => {
    const issues = (input: object) =>
      eventFormSchema.safeParse({ ...form, ...input }).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues({ end_time: '14:00' })).toEqual(['end_time']);
    expect(issues({ is_public: true, auto_dispatcher: false })).toEqual(['auto_dispatcher']);
    expect(issues({ rooms_needed: 0 })).toEqual(['rooms_needed']);
    expect(issues({ medias: [] })).toEqual(['medias']);
  });

  it('counts the visible characters of the description, not its markup', () => {
    expect(descriptionCharacters('<p><strong>Hello</strong> &amp; bye</p>')).toBe(11);
    const atLimit = `<p><em>${'é'.repeat(EVENT_LIMITS.descriptionCharacters)}</em></p>`;
    expect(eventFormSchema.safeParse({ ...form, description: atLimit }).success).toBe(true);
    const over = `<p>${'x'.repeat(EVENT_LIMITS.descriptionCharacters + 1)}</p>`;
    expect(eventFormSchema.safeParse({ ...form, description: over }).success).toBe(false);
  });
});

describe('wall-clock times of a time zone', () => {
  it('turns a day and a time into the instant, summer and winter time included', () => {
    expect(zonedInstant('2026-12-01', '14:00', 'Europe/Paris').toISOString()).toBe(
      '2026-12-01T13:00:00.000Z',
    );
    expect(zonedInstant('2026-07-01', '14:00', 'Europe/Paris').toISOString()).toBe(
      '2026-07-01T12:00:00.000Z',
    );
    expect(zonedInstant('2026-12-01', '09:00', 'Asia/Tokyo').toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('reads an instant back as the same day and time', () => {
    const instant = zonedInstant('2026-03-29', '10:30', 'Europe/Berlin');
    expect(wallClock(instant, 'Europe/Berlin')).toEqual({ day: '2026-03-29', time: '10:30' });
    expect(wallClock(instant, 'UTC')).toEqual({ day: '2026-03-29', time: '08:30' });
  });

  it("gives the form's planned start and end", () => {
    const { plannedStart, plannedEnd } = plannedInstants({ ...form, default_timezone: 'America/New_York' });
    expect([plannedStart.toISOString(), plannedEnd.toISOString()]).toEqual([
      '2026-12-01T19:00:00.000Z',
      '2026-12-01T21:00:00.000Z',
    ]);
  });
});

describe('eventSlug', () => {
  it('writes the name in lower-case ASCII words and ends with the id', () => {
    expect(eventSlug('Mise à jour : Oncologie !', 42)).toBe('mise-a-jour-oncologie-42');
    expect(eventSlug('???', 7)).toBe('event-7');
  });
});
