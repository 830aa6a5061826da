// First-load parameters: an invitation token, or a calendar link with its event and participant ids.
import { describe, expect, it } from 'vitest';
import { parseEntryParams } from './entryParams.ts';

describe('first-load parameters', () => {
  it('reads an invitation token', () => {
    expect(parseEntryParams('?invitation=abc123&p=IzAwMDAwMA==')).toEqual({
      kind: 'invitation',
      token: 'abc123',
    });
  });

  it('reads a calendar link with its event, participant and key', () => {
    expect(parseEntryParams('?calendar=1&e=12&i=34&k=abc_-9')).toEqual({
      kind: 'calendar',
      eventId: 12,
      participantId: 34,
      key: 'abc_-9',
    });
    expect(parseEntryParams('?calendar&e=12&i=34')).toEqual({
      kind: 'calendar',
      eventId: 12,
      participantId: 34,
      key: '',
    });
  });

  it('ignores a blank invitation and calendar links without valid ids', () => {
    expect(parseEntryParams('?invitation=%20')).toEqual({ kind: 'none' });
    expect(parseEntryParams('?calendar&e=12')).toEqual({ kind: 'none' });
    expect(parseEntryParams('?calendar&e=abc&i=3')).toEqual({ kind: 'none' });
    expect(parseEntryParams('')).toEqual({ kind: 'none' });
  });
});
