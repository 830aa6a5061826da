import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, outlookCalendarUrl } from './calendarLinks.ts';

const entry = {
  title: 'Oncology update & Q/A',
  start: new Date('2026-12-01T13:00:00Z'),
  end: new Date('2026-12-01T15:30:00Z'),
  details: 'Latest data\nQuestions',
  location: 'https://lablive.example/?invitation=abc=',
};

describe('calendar template links', () => {
  it('fills Google Calendar with the title, the UTC times, the details and the link', () => {
    const url = new URL(googleCalendarUrl(entry));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Oncology update & Q/A');
    expect(url.searchParams.get('dates')).toBe('20261201T130000Z/20261201T153000Z');
    expect(url.searchParams.get('details')).toBe('Latest data\nQuestions');
    expect(url.searchParams.get('location')).toBe('https://lablive.example/?invitation=abc=');
  });

  it('fills Outlook with the same event, its times in ISO 8601', () => {
    const url = new URL(outlookCalendarUrl(entry));
    expect(url.hostname).toBe('outlook.office.com');
    expect(url.searchParams.get('subject')).toBe('Oncology update & Q/A');
    expect(url.searchParams.get('startdt')).toBe('2026-12-01T13:00:00.000Z');
    expect(url.searchParams.get('enddt')).toBe('2026-12-01T15:30:00.000Z');
    expect(url.searchParams.get('location')).toBe('https://lablive.example/?invitation=abc=');
  });
});
