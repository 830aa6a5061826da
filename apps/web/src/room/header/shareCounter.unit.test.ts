// The share panel's counter: shares since the panel was last opened, kept per room and participant.
import { describe, expect, it } from 'vitest';
import { documentFileName } from '../../components/saveBlob.ts';
import { readSeenShares, seenSharesKey, unseenShares, writeSeenShares } from './shareCounter.ts';

describe('share counter', () => {
  it('counts the shares since the panel was last opened', () => {
    expect(unseenShares(3, 1)).toBe(2);
    expect(unseenShares(3, 3)).toBe(0);
  });

  it('starts over when the room counts fewer shares than were seen', () => {
    expect(unseenShares(1, 4)).toBe(1);
  });

  it('keeps what was seen per room and participant, ignoring damaged values', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    };
    const key = seenSharesKey(7, 12);

    expect(readSeenShares(storage, key)).toBe(0);
    writeSeenShares(storage, key, 2);
    expect(readSeenShares(storage, key)).toBe(2);
    expect(readSeenShares(storage, seenSharesKey(7, 13))).toBe(0);
    items.set(key, 'many');
    expect(readSeenShares(storage, key)).toBe(0);
  });

  it('names a downloaded document with its extension once', () => {
    expect(documentFileName('LabLive demo document', 'txt')).toBe('LabLive demo document.txt');
    expect(documentFileName('Protocol.PDF', 'pdf')).toBe('Protocol.PDF');
    expect(documentFileName('Notes', '')).toBe('Notes');
  });
});
