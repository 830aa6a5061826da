// The audit trail's entries, newest first, a page at a time from the server, in the back office's one
// list (read only: no selection, no removal): when (in the reader's zone, named), who (name, e-mail,
// roles; their own time when their zone is another), what (the action and the record), each field's
// change, and the reason given. On a phone each entry is a card. A person's name, address or value erased
// on their request (GDPR) is said "erased", in italics.
import { type AuditEntry, USER_ROLES, type UserRole } from '@lablive/domain';
import type { PaginationState } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { instantFormat } from '../../format/dayTime.ts';
import { ErasableText } from '../../format/ErasableText.tsx';
import { isErased } from '../../format/erased.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { AdminList, type ListColumn } from '../list/AdminList.tsx';
import { AUDIT_PAGE_SIZES } from './auditFilter.ts';
import {
  type ActorWords,
  actorView,
  type ChangeWords,
  changeView,
  describeChange,
  otherZone,
  type ValueWords,
} from './auditFormat.ts';

/** The actions whose entry carries a reason: said "none given" when it has none. */
const REASONED = new Set<AuditEntry['action']>(['delete', 'archive', 'deactivate']);

const isRole = (role: string): role is UserRole => USER_ROLES.some((known) => known === role);

type Words = { values: ValueWords; changes: ChangeWords; actors: ActorWords; separator: string };

export function AuditEntries(props: {
  items: readonly AuditEntry[];
  total: number;
  page: PaginationState;
  onPageChange: (page: PaginationState) => void;
  readerZone: string;
}) {
  const { t } = useTranslation('admin');
  const language = useLocale();
  const { readerZone } = props;
  const columns = useMemo(() => {
    const instant = instantFormat(language, readerZone);
    const words: Words = {
      values: {
        empty: t('audit.empty_value'),
        yes: t('audit.yes'),
        no: t('audit.no'),
        instant: (iso) => instant.format(new Date(iso)),
      },
      changes: {
        changed: (old, next) => t('audit.change.changed', { old, new: next }),
        masked: t('audit.change.masked'),
        added: (value) => t('audit.change.added', { value }),
        removed: (value) => t('audit.change.removed', { value }),
      },
      actors: {
        system: t('audit.actors.system'),
        anonymous: t('audit.actors.anonymous'),
        guest: t('audit.actors.guest'),
      },
      separator: t('audit.separator'),
    };
    return auditColumns(t, words, { language, readerZone, instant });
  }, [t, language, readerZone]);

  return (
    <AdminList<AuditEntry>
      label={t('audit.list')}
      testId="audit"
      rows={props.items}
      rowId={(entry) => String(entry.id)}
      rowName={(entry) => `${t(`audit.actions.${entry.action}`)} ${recordLabel(t, entry)}`}
      rowData={(entry) => ({ 'data-entry-id': String(entry.id), 'data-action': entry.action })}
      pageSizes={AUDIT_PAGE_SIZES}
      serverPaging={{ total: props.total, page: props.page, onPageChange: props.onPageChange }}
      empty={t('audit.empty')}
      columns={columns}
    />
  );
}

const recordLabel = (t: TFunction<'admin'>, entry: AuditEntry) => {
  const type = t(`audit.recordTypes.${entry.recordType}`);
  return entry.recordId === null ? type : t('audit.record', { type, id: entry.recordId });
};

type Clock = { language: string; readerZone: string; instant: Intl.DateTimeFormat };

function auditColumns(t: TFunction<'admin'>, words: Words, clock: Clock): ListColumn<AuditEntry>[] {
  return [
    {
      id: 'when',
      header: t('audit.columns.when'),
      narrow: true,
      cell: (entry) => (
        <span className="audit-when">
          <time dateTime={entry.at}>{clock.instant.format(new Date(entry.at))}</time>
          <span className="audit-muted">{clock.readerZone}</span>
        </span>
      ),
    },
    {
      id: 'who',
      header: t('audit.columns.who'),
      cell: (entry) => <Who entry={entry} words={words} clock={clock} />,
    },
    {
      id: 'what',
      header: t('audit.columns.what'),
      cell: (entry) => (
        <span className="audit-what">
          <span className="badge audit-action" data-action={entry.action}>
            {t(`audit.actions.${entry.action}`)}
          </span>
          <span>{recordLabel(t, entry)}</span>
        </span>
      ),
    },
    {
      id: 'changes',
      header: t('audit.columns.changes'),
      cell: (entry) => <Changes entry={entry} words={words} noChange={t('audit.noChange')} />,
    },
    {
      id: 'reason',
      header: t('audit.columns.reason'),
      cell: (entry) =>
        entry.reason !== null ? (
          <span className="audit-reason" data-testid="audit-reason">
            {entry.reason}
          </span>
        ) : REASONED.has(entry.action) ? (
          <span className="audit-muted">{t('audit.noReason')}</span>
        ) : null,
    },
  ];
}

function Who({ entry, words, clock }: { entry: AuditEntry; words: Words; clock: Clock }) {
  const { t } = useTranslation('admin');
  const { name, email } = actorView(entry.actor, words.actors);
  const zone = otherZone(entry.actor, clock.readerZone);
  // A role the product no longer knows stays as the trail wrote it.
  const roles = entry.actor.roles.map((role) => (isRole(role) ? t(`profile.roles.${role}`) : role));
  return (
    <span className="audit-who" data-testid="audit-who">
      <strong>
        <ErasableText text={name} />
      </strong>
      {email !== null && (
        <span className="audit-value">
          {isErased(email) ? <ErasableText text={email} /> : breakableEmail(email)}
        </span>
      )}
      {roles.length > 0 && <span className="audit-muted">{roles.join(', ')}</span>}
      {zone !== null && (
        <span className="audit-muted" data-testid="audit-their-time">
          {t('audit.theirTime', {
            time: instantFormat(clock.language, zone).format(new Date(entry.at)),
            zone,
          })}
        </span>
      )}
    </span>
  );
}

/** An address with a line break allowed after its @, where it reads best split. */
function breakableEmail(email: string): ReactNode {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

function Changes({ entry, words, noChange }: { entry: AuditEntry; words: Words; noChange: string }) {
  if (entry.changes.length === 0) return <span className="audit-muted">{noChange}</span>;
  return (
    <ul className="audit-changes">
      {entry.changes.map((change, index) => {
        const view = changeView(entry, change, words.values);
        return (
          // A field may change twice in one entry only as two links (a role removed, one added).
          // biome-ignore lint/suspicious/noArrayIndexKey: the changes of an entry never move.
          <li key={index} data-testid="audit-change" data-field={view.field} data-kind={view.kind}>
            <code>{view.field}</code>
            {words.separator}
            <span className="audit-value">
              <ErasableText text={describeChange(view, words.changes)} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
