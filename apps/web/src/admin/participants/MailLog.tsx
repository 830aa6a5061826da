// An event's mail log on its guest list page (issue 16): every mail written about the event, to whom,
// what it was, how it went (queued, retrying, sent, failed with the mail server's answer) and when.
// The queue moves mails along on its own: Refresh reads the log again.
import type { MailLogEntry } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/useLocale.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { LoadFailure } from '../LoadFailure.tsx';
import { useEventMails } from '../resources/events.ts';

export function MailLog({ eventId }: { eventId: number }) {
  const { t } = useTranslation('admin');
  const { state, reload } = useLoadedQuery(useEventMails(eventId));
  return (
    <section className="room-card mail-log" aria-labelledby="mail-log-title" data-testid="mail-log">
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

function MailTable({ mails }: { mails: readonly MailLogEntry[] }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <div className="table-scroll">
      <table className="admin-table stack-on-phone">
        <thead>
          <tr>
            <th scope="col">{t('mails.recipient')}</th>
            <th scope="col">{t('mails.kind')}</th>
            <th scope="col">{t('mails.state')}</th>
            <th scope="col">{t('mails.time')}</th>
            <th scope="col">{t('mails.error')}</th>
          </tr>
        </thead>
        <tbody>
          {mails.map((mail) => (
            <tr key={mail.id} data-testid="mail-row" data-state={mail.state}>
              <td data-label={t('mails.recipient')}>{mail.recipient}</td>
              <td data-label={t('mails.kind')}>{t(`mails.kinds.${mail.kind}`)}</td>
              <td data-label={t('mails.state')}>
                {/* One element: a phone's stacked row lays each child of a cell out as a grid item. */}
                <span>
                  <span className={`mail-state mail-state-${mail.state}`}>
                    {t(`mails.states.${mail.state}`)}
                  </span>{' '}
                  <span className="muted">({t('mails.attempts', { count: mail.attempts })})</span>
                </span>
              </td>
              <td data-label={t('mails.time')}>
                <time dateTime={mail.updated_at}>{time.format(new Date(mail.updated_at))}</time>
              </td>
              <td data-label={t('mails.error')}>{mail.last_error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
