import { describe, expect, it } from 'vitest';
import { fillTemplate } from './mailTemplate.ts';

const values = {
  name: 'Gina',
  event: 'Oncology update',
  date: 'mardi 1 décembre 2026 à 14:00',
  link: 'https://lablive.example/?invitation=a',
  calendarLink: 'https://lablive.example/?calendar&e=1&i=2&k=x',
};

describe('a media template', () => {
  it('fills every placeholder it knows, however spaced, as often as it appears', () => {
    expect(fillTemplate('Bonjour {{name}}, {{ event }} : {{date}}. {{name}}!', values)).toBe(
      'Bonjour Gina, Oncology update : mardi 1 décembre 2026 à 14:00. Gina!',
    );
    expect(fillTemplate('{{link}} / {{calendarLink}}', values)).toBe(
      'https://lablive.example/?invitation=a / https://lablive.example/?calendar&e=1&i=2&k=x',
    );
  });

  it('leaves a placeholder it does not know as written, so the typo shows', () => {
    expect(fillTemplate('Hello {{nmae}}', values)).toBe('Hello {{nmae}}');
  });

  it('does not read a value as a placeholder again', () => {
    expect(fillTemplate('{{name}}', { ...values, name: '{{link}}' })).toBe('{{link}}');
  });
});
