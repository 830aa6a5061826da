// The audit trail page's words for an entry: each change as "field: old → new" (masked, links added or
// removed, a record created or deleted), a value as a reader reads it, who acted.
import type { AuditEntry } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { actorView, changeView, describeChange, otherZone, valueText } from './auditFormat.ts';

const values = {
  empty: '(empty)',
  yes: 'yes',
  no: 'no',
  instant: (iso: string) =>
    new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: 'Europe/Paris',
    }).format(new Date(iso)),
};
const words = {
  changed: (old: string, next: string) => `${old} → ${next}`,
  masked: 'changed (value not kept)',
  added: (value: string) => `added ${value}`,
  removed: (value: string) => `removed ${value}`,
};

/** "field: what it says", as the page writes a change in English. */
const line = (
  entry: Pick<AuditEntry, 'action' | 'recordType'>,
  change: { field: string; old: unknown; new: unknown; masked?: boolean },
) => {
  const view = changeView(entry, change, values);
  return `${view.field}: ${describeChange(view, words)}`;
};

describe('a change as the page writes it', () => {
  it('gives the old and the new value of a changed field', () => {
    expect(
      line({ action: 'change', recordType: 'event' }, { field: 'name', old: 'Kick-off', new: 'Launch' }),
    ).toBe('name: Kick-off → Launch');
  });

  it('reads an instant in the reader’s zone, a flag as yes or no, nothing as empty', () => {
    const moved = {
      field: 'planned_start_date',
      old: '2026-12-01T13:00:00+00:00',
      new: '2026-12-03T13:00:00Z',
    };
    expect(line({ action: 'change', recordType: 'event' }, moved)).toBe(
      'planned_start_date: 01/12/2026, 14:00 → 03/12/2026, 14:00',
    );
    expect(line({ action: 'change', recordType: 'user' }, { field: 'active', old: true, new: false })).toBe(
      'active: yes → no',
    );
    expect(line({ action: 'change', recordType: 'event' }, { field: 'end_date', old: null, new: '' })).toBe(
      'end_date: (empty) → (empty)',
    );
  });

  it('says a masked field changed, never what it holds', () => {
    expect(
      line(
        { action: 'change', recordType: 'user' },
        { field: 'password_hash', old: null, new: null, masked: true },
      ),
    ).toBe('password_hash: changed (value not kept)');
  });

  it('says a link given or taken away as added or removed', () => {
    expect(line({ action: 'change', recordType: 'user' }, { field: 'roles', old: null, new: 'admin' })).toBe(
      'roles: added admin',
    );
    expect(
      line(
        { action: 'change', recordType: 'group' },
        { field: 'members', old: 'ada@lab.test (#4)', new: null },
      ),
    ).toBe('members: removed ada@lab.test (#4)');
  });

  it('does not take a plain field set for the first time for a link', () => {
    expect(
      line({ action: 'change', recordType: 'poll' }, { field: 'archived_at', old: null, new: 'x' }),
    ).toBe('archived_at: (empty) → x');
  });

  it('gives a created record’s values, and a deleted one’s, alone', () => {
    expect(line({ action: 'create', recordType: 'poll' }, { field: 'title', old: null, new: 'Dose?' })).toBe(
      'title: Dose?',
    );
    expect(
      line({ action: 'export', recordType: 'audit-trail' }, { field: 'file', old: null, new: 'a.csv (3)' }),
    ).toBe('file: a.csv (3)');
    expect(
      line({ action: 'delete', recordType: 'document' }, { field: 'name', old: 'Protocol', new: null }),
    ).toBe('name: Protocol');
  });
});

describe('a value', () => {
  it('lists a list and writes anything else as JSON', () => {
    expect(valueText(['fr', 'en'], values)).toBe('fr, en');
    expect(valueText([], values)).toBe('(empty)');
    expect(valueText({ b: 1 }, values)).toBe('{"b":1}');
    expect(valueText(12, values)).toBe('12');
  });

  it('keeps a day or a text that only looks like a time as it is', () => {
    expect(valueText('2026-12-01', values)).toBe('2026-12-01');
    expect(valueText('2026-12-01T14:00', values)).toBe('2026-12-01T14:00');
  });
});

describe('who acted', () => {
  const actor = (over: Partial<AuditEntry['actor']>): AuditEntry['actor'] => ({
    kind: 'user',
    userId: 2,
    name: 'Ada Lovelace',
    email: 'ada@lab.test',
    roles: ['admin'],
    timeZone: 'Europe/Paris',
    ...over,
  });
  const actors = { system: 'LabLive', anonymous: 'Not signed in', guest: 'Guest' };

  it('names an account by its name and e-mail, the product LabLive, a failed sign-in by the address tried', () => {
    expect(actorView(actor({}), actors)).toEqual({ name: 'Ada Lovelace', email: 'ada@lab.test' });
    expect(actorView(actor({ kind: 'system', name: null, email: null }), actors)).toEqual({
      name: 'LabLive',
      email: null,
    });
    expect(actorView(actor({ kind: 'anonymous', name: null, email: 'who@x.test' }), actors)).toEqual({
      name: 'Not signed in',
      email: 'who@x.test',
    });
  });

  it('names the person’s zone only when it is not the reader’s', () => {
    expect(otherZone(actor({}), 'Europe/Paris')).toBeNull();
    expect(otherZone(actor({ timeZone: 'America/Montreal' }), 'Europe/Paris')).toBe('America/Montreal');
    expect(otherZone(actor({ timeZone: null }), 'Europe/Paris')).toBeNull();
  });
});
