// An event's mail log on its guest list page (issue 16): every mail written about the event, to whom,
// what it was, how it went (queued, retrying, sent, failed with the mail server's answer) and when.
// The queue moves mails along on its own: Refresh reads the log again.
import type { MailLogEntry } from '@lablive/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { dayTimeFormat } from '../../format/dayTime.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { LoadFailure } from '../LoadFailure.tsx';
import { AdminList } from '../list/AdminList.tsx';
import { useEventMails } from '../resources/events.ts';

export function MailLog({ eventId }: { eventId: number }) {
  const { t } = useTranslation('admin');
  const { state, reload } = useLoadedQuery(useEventMails(eventId));
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // Opened from a closed event's "Mail log": the page starts on the log, below the guest list.
  useEffect(() => {
    if (hash === '#mail-log') section.current?.scrollIntoView();
  }, [hash]);
  return (
    <section
      ref={section}
      id="mail-log"
      className="room-card mail-log"
      aria-labelledby="mail-log-title"
      data-testid="mail-log"
    >
      <header className="mail-log-header">
        <h2 id="mail-log-title">{t('mails.title')}</h2>
        <button type="button" className="button button-secondary button-small" onClick={reload}>
          {t('mails.refresh')}
        </button>
      </header>
      <p className="muted">{t('mails.intro')}</p>
      {state.status === 'failed' && <LoadFailure failure={state.failure} testId="mail-log-error" />}
      {state.status === 'loaded' &&
        (state.value.length === 0 ? (
          <p className="muted">{t('mails.none')}</p>
        ) : (
          <MailTable mails={state.value} />
        ))}
    </section>
  );
}

/** The mail log's page sizes (a mail is written per guest and change: an event's log grows long). */
const MAIL_PAGE_SIZES = [10, 30, 100] as const;

function MailTable({ mails }: { mails: readonly MailLogEntry[] }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const time = dayTimeFormat(locale);
  return (
    <AdminList<MailLogEntry>
      label={t('mails.title')}
      testId="mail-log-list"
      rowTestId="mail-row"
      rows={mails}
      rowId={(mail) => String(mail.id)}
      rowName={(mail) => mail.recipient}
      rowData={(mail) => ({ 'data-state': mail.state })}
      pageSizes={MAIL_PAGE_SIZES}
      empty={t('mails.none')}
      columns={[
        { id: 'recipient', header: t('mails.recipient'), cell: (mail) => mail.recipient },
        { id: 'kind', header: t('mails.kind'), cell: (mail) => t(`mails.kinds.${mail.kind}`) },
        {
          id: 'state',
          header: t('mails.state'),
          // One element: a phone's stacked row lays each child of a cell out as a grid item.
          cell: (mail) => (
            <span>
              <span className={`mail-state mail-state-${mail.state}`}>{t(`mails.states.${mail.state}`)}</span>{' '}
              <span className="muted">({t('mails.attempts', { count: mail.attempts })})</span>
            </span>
          ),
        },
        {
          id: 'time',
          header: t('mails.time'),
          cell: (mail) => <time dateTime={mail.updated_at}>{time.format(new Date(mail.updated_at))}</time>,
        },
        { id: 'error', header: t('mails.error'), cell: (mail) => mail.last_error ?? '' },
      ]}
    />
  );
}
