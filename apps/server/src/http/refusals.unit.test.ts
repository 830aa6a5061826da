// Every refusal a back-office page or the room shows has a key the web translates: the sentences the
// services throw are read from their source and each must be one of the domain's REFUSALS (or one of
// the spec's fixed MESSAGES, translated by their own keys), so a new English sentence cannot reach a
// French page unnoticed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES, refusalOf } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { storageQuotaRefusal } from '../labs/storageQuota.ts';

const SERVER = join(import.meta.dirname, '..');
/** The services behind the pages (the platform's labs keep their own keyed rules, LAB_RULE_MESSAGES). */
const FOLDERS = [
  'events',
  'participants',
  'documents',
  'polls',
  'pharmacovigilance',
  'calendar',
  'invitations',
  'consents',
];

/** The plain-sentence refusals of a source: forbidden('…'), conflict('…'), new DomainError('code', '…'). */
function thrownSentences(source: string): string[] {
  const sentence = `(?:'([^'\\n]*)'|"([^"\\n]*)")`;
  const pattern = new RegExp(
    `(?:forbidden|conflict)\\(\\s*${sentence}\\s*,?\\s*\\)|new DomainError\\(\\s*'\\w+',\\s*${sentence}`,
    'g',
  );
  return [...source.matchAll(pattern)].map(
    (found) => found.slice(1).find((part) => part !== undefined) ?? '',
  );
}

const SENTENCES = FOLDERS.flatMap((folder) =>
  readdirSync(join(SERVER, folder))
    .filter((file) => file.endsWith('.ts') && !file.includes('.test.'))
    .flatMap((file) => thrownSentences(readFileSync(join(SERVER, folder, file), 'utf8'))),
);

describe('the refusals a page shows', () => {
  it('finds the sentences the services throw', () => {
    expect(SENTENCES.length).toBeGreaterThan(15);
  });

  it('gives each one a key the web translates', () => {
    const fixed = new Set<string>(Object.values(MESSAGES));
    const unkeyed = SENTENCES.filter((sentence) => !fixed.has(sentence) && refusalOf(sentence) === null);
    expect(unkeyed).toEqual([]);
  });

  it('reads the varying parts of a sentence as the key parameters', () => {
    expect(refusalOf('ann@example.com is already a participant of this event.')).toEqual({
      key: 'alreadyParticipant',
      params: { email: 'ann@example.com' },
    });
    expect(refusalOf('This event is closed: it can no longer be changed.')).toEqual({
      key: 'eventClosed',
      params: {},
    });
    expect(refusalOf('Something else entirely.')).toBeNull();
    // Sentences built from parts (issue 28): still found, their parts as parameters.
    expect(refusalOf('rooms_needed: Room 2 holds 3 participant(s): move them or keep 3 rooms.')).toEqual({
      key: 'roomHoldsGuests',
      params: { room: 'Room 2', count: '3', rooms: '3' },
    });
    expect(refusalOf(storageQuotaRefusal('this file', 600_000, 1_000_000, 500_000))?.key).toBe(
      'storageQuota',
    );
  });
});
