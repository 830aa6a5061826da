// The closed sessions (back-office spec 2.10): a page at a time from the server, newest first, through the
// back office's one list; each session's name opens its detail. My consumption shows the same list with
// the minutes each session consumed.
import type { ClosedEventSummary } from '@lablive/domain';
import type { PaginationState } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DurationParts } from '../../format/duration.ts';
import { ErasableText } from '../../format/ErasableText.tsx';
import { useFormat } from '../../format/useFormat.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { AdminList, type ListColumn } from '../list/AdminList.tsx';
import { useClosedSessions } from '../resources/stats.ts';
import { LoadedContent, StatsSection } from './StatsBlock.tsx';
import { CLOSED_SESSION_PAGE_SIZES } from './statsFormat.ts';

/** "1 day 2 hrs 5 mins": a session's length in the page's language (format/duration.ts). */
export function useLengthText() {
  const format = useFormat();
  return (parts: DurationParts): string => format.duration(parts);
}

export function ClosedSessions({ withConsumption = false }: { withConsumption?: boolean }) {
  const format = useFormat();
  const { t } = useTranslation('admin');
  const [page, setPage] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: CLOSED_SESSION_PAGE_SIZES[0],
  });
  const { state, reload } = useLoadedQuery(
    useClosedSessions({ start: page.pageIndex * page.pageSize, count: page.pageSize }),
  );
  const lengthText = useLengthText();

  const columns: ListColumn<ClosedEventSummary>[] = [
    { id: 'id', header: t('stats.closed.id'), narrow: true, cell: (event) => event.event_id },
    {
      id: 'name',
      header: t('stats.closed.name'),
      cell: (event) => (
        <Link
          to={`/admin/stats/${event.event_id}`}
          className="stats-closed-name"
          data-testid="stats-closed-link"
        >
          {event.name}
        </Link>
      ),
    },
    {
      id: 'date',
      header: t('stats.closed.date'),
      narrow: true,
      cell: (event) => <time dateTime={event.date}>{format.day(event.date)}</time>,
    },
    {
      id: 'admin',
      header: t('stats.closed.admin'),
      cell: (event) => <ErasableText text={event.admin} />,
    },
    {
      id: 'guests',
      header: t('stats.closed.guests'),
      narrow: true,
      cell: (event) => event.invitation_total_count,
    },
    {
      id: 'participants',
      header: t('stats.closed.participants'),
      narrow: true,
      cell: (event) => event.participant_total_count,
    },
    {
      id: 'length',
      header: t('stats.closed.length'),
      narrow: true,
      cell: (event) =>
        lengthText({
          days: event.event_duration_days,
          hours: event.event_duration_hour,
          minutes: event.event_duration_minute,
        }),
    },
    ...(withConsumption
      ? [
          {
            id: 'consumed',
            // Not narrow: its long name ("Verbrauchte Minuten") may wrap rather than widen the list.
            header: t('stats.closed.consumed'),
            cell: (event: ClosedEventSummary) => event.consumed_minutes,
          },
        ]
      : []),
  ];

  return (
    <StatsSection title={t('stats.closed.title')} testId="stats-closed-section">
      <LoadedContent state={state} reload={reload} testId="stats-closed">
        {(loaded) => (
          <AdminList<ClosedEventSummary>
            label={t('stats.closed.list')}
            testId="stats-closed"
            rows={loaded.items}
            rowId={(event) => String(event.event_id)}
            rowName={(event) => event.name}
            rowData={(event) => ({ 'data-event-id': String(event.event_id) })}
            columns={columns}
            pageSizes={CLOSED_SESSION_PAGE_SIZES}
            serverPaging={{ total: loaded.total, page, onPageChange: setPage }}
            empty={t('stats.closed.none')}
          />
        )}
      </LoadedContent>
    </StatsSection>
  );
}
