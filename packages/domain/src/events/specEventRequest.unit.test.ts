import { describe, expect, it } from 'vitest';
import { wallClockInstants } from '../shared/timeZone.ts';
import type { StoredEvent } from './eventForm.ts';
import { createEventRequestSchema, mergeEventPatch } from './specEventRequest.ts';

const spec = {
  name: 'Oncology update',
  medias: [1],
  planned_start_date: '2026-12-01 14:00',
  planned_end_date: '2026-12-01 16:00',
  currentTimeZone: 'Europe/Paris',
};

const stored: StoredEvent = {
  name: 'Oncology update',
  type: 'rp',
  description: '<p>Hello</p>',
  rooms_needed: 2,
  auto_dispatcher: false,
  is_public: false,
  email_relaunch_J7: true,
  email_relaunch_J1: false,
  email_relaunch_h1: false,
  lobby: true,
  default_timezone: 'Europe/Paris',
  planned_start_date: '2026-12-01T13:00:00.000Z',
  planned_end_date: '2026-12-01T15:00:00.000Z',
  medias: [{ id: 1, name: 'Slides', slug: 'slides', thumbnail_url: null }],
};

describe('wall clocks at a daylight-saving change', () => {
  it('finds no instant for a skipped time, two for a repeated one, one otherwise', () => {
    expect(wallClockInstants('2027-03-28', '02:30', 'Europe/Paris')).toEqual([]);
    expect(wallClockInstants('2027-10-31', '02:30', 'Europe/Paris')).toEqual([
      new Date('2027-10-31T00:30:00Z'),
      new Date('2027-10-31T01:30:00Z'),
    ]);
    expect(wallClockInstants('2027-10-31', '03:30', 'Europe/Paris')).toEqual([
      new Date('2027-10-31T02:30:00Z'),
    ]);
    // Lord Howe Island moves its clocks by half an hour.
    expect(wallClockInstants('2027-04-04', '01:45', 'Australia/Lord_Howe')).toHaveLength(2);
  });
});

describe("the spec's POST events", () => {
  it('becomes the project form: the day and times on the event zone’s clocks, the spec defaults', () => {
    expect(createEventRequestSchema.parse({ ...spec, default_timezone: 'America/New_York' })).toMatchObject({
      date: '2026-12-01',
      start_time: '08:00',
      end_time: '10:00',
      default_timezone: 'America/New_York',
      rooms_needed: 1,
      auto_dispatcher: true,
      is_public: false,
    });
  });

  it('takes a date-time with its own offset as that instant', () => {
    expect(
      createEventRequestSchema.parse({ ...spec, planned_start_date: '2026-12-01T12:00:00.000Z' }),
    ).toMatchObject({ start_time: '13:00', end_time: '16:00' });
  });
});

describe('a partial edit', () => {
  it('keeps what is not sent and reads new times on the event’s clocks', () => {
    expect(mergeEventPatch(stored, { is_public: false, planned_end_date: '2026-12-01 18:00' })).toMatchObject(
      {
        name: 'Oncology update',
        medias: [1],
        rooms_needed: 2,
        email_relaunch_J7: true,
        date: '2026-12-01',
        start_time: '14:00',
        end_time: '18:00',
      },
    );
  });

  it('refuses a merge that breaks a rule of the whole form, naming the field', () => {
    expect(() => mergeEventPatch(stored, { is_public: true })).toThrow(/^auto_dispatcher: /);
    expect(() => mergeEventPatch(stored, { default_timezone: 'Asia/Tokyo' })).toThrow(
      'planned_end_date: must be on the same day as planned_start_date in Asia/Tokyo.',
    );
  });
});
