// How the audit trail page says an entry (issue 32): each field's change ("name: Old → New"), a value
// as a reader reads it (an instant in their zone, yes or no, a list), who acted. Pure: the words come
// from the page's language, so the same rules serve every language and the tests.
import type { AuditChange, AuditEntry, AuditRecordType } from '@lablive/domain';

/**
 * The fields the trail writes for a row of a link table (migrations/…_audit_trail.ts, AUDITED_LINKS): a
 * value added to its owner (old null) or removed from it (new null), named (a role, a member's address).
 */
const LINK_FIELDS: Partial<Record<AuditRecordType, readonly string[]>> = {
  user: ['roles', 'permissions'],
  group: ['members', 'medias', 'documents', 'polls'],
  event: ['medias'],
  lab: ['modules'],
};

export type ChangeView =
  /** A secret or a patient's data: it changed, the trail does not say what it holds. */
  | { kind: 'masked'; field: string }
  | { kind: 'added'; field: string; value: string }
  | { kind: 'removed'; field: string; value: string }
  /** The value a created record was given (an export, its file), or the one a record deleted outright held. */
  | { kind: 'value'; field: string; value: string }
  | { kind: 'changed'; field: string; old: string; new: string };

export type ValueWords = {
  empty: string;
  yes: string;
  no: string;
  /** An instant (ISO 8601 with its offset) as the reader reads it. */
  instant: (iso: string) => string;
};

export type ChangeWords = {
  changed: (old: string, next: string) => string;
  masked: string;
  added: (value: string) => string;
  removed: (value: string) => string;
};

// What to_jsonb writes for a timestamptz ("2026-12-01T13:00:00+00:00") and what the API writes ("…Z").
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** A value of a change as a reader reads it. */
export function valueText(value: unknown, words: ValueWords): string {
  if (value === null || value === undefined || value === '') return words.empty;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return INSTANT.test(value) ? words.instant(value) : value;
  if (Array.isArray(value)) {
    return value.length === 0 ? words.empty : value.map((item) => valueText(item, words)).join(', ');
  }
  return JSON.stringify(value);
}

const isLink = (recordType: AuditRecordType, field: string) =>
  LINK_FIELDS[recordType]?.includes(field) ?? false;
const absent = (value: unknown) => value === null || value === undefined;

/** What one change of an entry says. */
export function changeView(
  entry: Pick<AuditEntry, 'action' | 'recordType'>,
  change: AuditChange,
  words: ValueWords,
): ChangeView {
  const { field } = change;
  if (change.masked) return { kind: 'masked', field };
  const text = (value: unknown) => valueText(value, words);
  if (isLink(entry.recordType, field)) {
    if (absent(change.old) && !absent(change.new)) return { kind: 'added', field, value: text(change.new) };
    if (absent(change.new) && !absent(change.old)) return { kind: 'removed', field, value: text(change.old) };
  }
  // A record created, a file exported: what it was given, with no "before" to speak of.
  if ((entry.action === 'create' || entry.action === 'export') && absent(change.old)) {
    return { kind: 'value', field, value: text(change.new) };
  }
  // A row deleted outright: each field it held, gone with it.
  if (entry.action === 'delete' && absent(change.new))
    return { kind: 'value', field, value: text(change.old) };
  return { kind: 'changed', field, old: text(change.old), new: text(change.new) };
}

/** What follows the field's name: "Old → New", "added admin", "changed (value not kept)". */
export function describeChange(view: ChangeView, words: ChangeWords): string {
  switch (view.kind) {
    case 'masked':
      return words.masked;
    case 'added':
      return words.added(view.value);
    case 'removed':
      return words.removed(view.value);
    case 'value':
      return view.value;
    case 'changed':
      return words.changed(view.old, view.new);
    default: {
      const never: never = view;
      return never;
    }
  }
}

export type ActorWords = { system: string; anonymous: string; guest: string };

/**
 * Who acted, as the page names them: the product itself ("LabLive"), someone not signed in (with the
 * address a failed sign-in tried), a guest, an account; and the e-mail beside the name when there is one.
 */
export function actorView(
  actor: AuditEntry['actor'],
  words: ActorWords,
): { name: string; email: string | null } {
  switch (actor.kind) {
    case 'system':
      return { name: words.system, email: null };
    case 'anonymous':
      return { name: words.anonymous, email: actor.email };
    case 'guest':
      return { name: actor.name ?? words.guest, email: actor.email };
    case 'user':
      return { name: actor.name ?? actor.email ?? words.anonymous, email: actor.name ? actor.email : null };
    default: {
      const never: never = actor.kind;
      return never;
    }
  }
}

/** The zone the person was in, when it is not the reader's (null when it is, or unknown). */
export function otherZone(actor: AuditEntry['actor'], readerZone: string): string | null {
  return actor.timeZone !== null && actor.timeZone !== readerZone ? actor.timeZone : null;
}
