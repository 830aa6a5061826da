// The announcements staff sent to every room during one session (issue 33, part 4), on the session
// detail page: when, and what they said. Nothing is shown for a session without any.
import type { AnnouncementStatsRow } from '@lablive/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export function SessionAnnouncements(props: {
  rows: readonly AnnouncementStatsRow[];
  time: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  if (props.rows.length === 0) return null;
  return (
    <section className="session-announcements" aria-labelledby={titleId} data-testid="stats-announcements">
      <h4 id={titleId}>{t('broadcast.statsTitle', { count: props.rows.length })}</h4>
      <ul>
        {props.rows.map((row) => (
          <li key={row.id} data-testid="stats-announcement">
            <time dateTime={row.at}>{props.time.format(new Date(row.at))}</time> {row.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
