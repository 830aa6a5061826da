// The Statistics page (/admin/stats; back-office spec 2.10): the lab's totals, its sessions by day, week
// or month, the closed sessions (each opening its detail), every poll's answers three to a line, and each
// document's shares and downloads. Each block loads on its own, with its spinner and its Retry: one
// failing call leaves the others readable, and nothing is ever filled with made-up figures.
import type { DocumentStatsRow, PollStatsRow, StatsTotals } from '@lablive/domain';
import { DOCUMENT_PAGE_SIZES } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { documentFileName } from '../../components/saveBlob.ts';
import { type Failure, toFailure } from '../../failure.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { AdminList } from '../list/AdminList.tsx';
import { useDocumentStats, useStatsPolls, useStatsTotals } from '../resources/stats.ts';
import { ClosedSessions } from './ClosedSessions.tsx';
import { PeriodChart } from './PeriodChart.tsx';
import { PollResults } from './PollResults.tsx';
import { BlockFailure, BlockLoading, LoadedContent, StatsSection } from './StatsBlock.tsx';
import { POLLS_PER_LOAD } from './statsFormat.ts';
import './stats.css';
import { useFormat } from '../../format/useFormat.ts';
import { AdminPage } from '../AdminPage.tsx';

export function StatsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage
      titleId="stats-title"
      title={t('stats.title')}
      intro={t('stats.intro')}
      className="stats-page"
      testId="stats-page"
    >
      <Totals />
      <PeriodChart chart="sessions" />
      <ClosedSessions />
      <Polls />
      <Documents />
    </AdminPage>
  );
}

function Totals() {
  const { t } = useTranslation('admin');
  const { state, reload } = useLoadedQuery(useStatsTotals());
  const format = useFormat();
  const figures = (totals: StatsTotals) => [
    { key: 'sessions', label: t('stats.totals.sessions'), value: format.count(totals.sessions) },
    { key: 'participants', label: t('stats.totals.participants'), value: format.count(totals.participants) },
    {
      key: 'minutes',
      label: t('stats.totals.minutes'),
      value: t('stats.totals.minutesValue', { value: format.count(totals.minutes) }),
    },
    {
      key: 'average',
      label: t('stats.totals.average'),
      value: t('stats.totals.minutesValue', { value: format.count(totals.average_duration_minutes) }),
    },
    { key: 'messages', label: t('stats.totals.messages'), value: format.count(totals.messages) },
    { key: 'polls', label: t('stats.totals.polls'), value: format.count(totals.polls) },
    { key: 'votes', label: t('stats.totals.votes'), value: format.count(totals.votes) },
    { key: 'documents', label: t('stats.totals.documents'), value: format.count(totals.documents_shared) },
  ];
  return (
    <StatsSection title={t('stats.totals.title')}>
      <LoadedContent state={state} reload={reload} testId="stats-totals">
        {(totals) => (
          <dl className="stats-figures" data-testid="stats-totals">
            {figures(totals).map((figure) => (
              <div key={figure.key} className="stats-figure" data-testid={`stats-total-${figure.key}`}>
                <dt>{figure.label}</dt>
                <dd>{figure.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </LoadedContent>
    </StatsSection>
  );
}

type PollsState =
  | { status: 'loading' }
  | { status: 'failed'; failure: Failure }
  | { status: 'loaded'; items: PollStatsRow[]; total: number; more: 'idle' | 'loading' | Failure };

/** The polls' pages as the block shows them: a failed "Show more" keeps the polls shown. */
function pollsState(query: ReturnType<typeof useStatsPolls>): PollsState {
  const pages = query.data?.pages;
  if (pages === undefined || pages.length === 0) {
    return query.status === 'error'
      ? { status: 'failed', failure: toFailure(query.error) }
      : { status: 'loading' };
  }
  const more = query.isFetchingNextPage
    ? 'loading'
    : query.isFetchNextPageError
      ? toFailure(query.error)
      : 'idle';
  return {
    status: 'loaded',
    items: pages.flatMap((page) => page.items),
    total: pages.at(-1)?.total ?? 0,
    more,
  };
}

/** The lab's polls, newest first, six at a time: "Show more" adds the next ones under them. */
function Polls() {
  const { t } = useTranslation('admin');
  const query = useStatsPolls(POLLS_PER_LOAD);
  const state = pollsState(query);
  const showMore = () => query.fetchNextPage();

  return (
    <StatsSection title={t('stats.polls.title')} testId="stats-polls-section">
      {state.status === 'loading' && <BlockLoading />}
      {state.status === 'failed' && (
        <BlockFailure
          failure={state.failure}
          onRetry={() => void query.refetch()}
          testId="stats-polls-error"
        />
      )}
      {state.status === 'loaded' && state.items.length === 0 && (
        <p className="muted" data-testid="stats-polls-empty">
          {t('stats.polls.none')}
        </p>
      )}
      {state.status === 'loaded' && state.items.length > 0 && (
        <>
          <PollResults polls={state.items} showEvent testId="stats-polls" />
          <div className="stats-more">
            <p className="muted" aria-live="polite">
              {t('stats.polls.shown', { count: state.items.length, total: state.total })}
            </p>
            {state.items.length < state.total && state.more !== 'loading' && (
              <button
                type="button"
                className="button button-secondary button-small"
                data-testid="stats-polls-more"
                onClick={() => void showMore()}
              >
                {t('stats.polls.more')}
              </button>
            )}
            {state.more === 'loading' && (
              <p className="muted" role="status">
                <Spinner /> {t('stats.loadingBlock')}
              </p>
            )}
          </div>
          {typeof state.more === 'object' && (
            <BlockFailure
              failure={state.more}
              onRetry={() => void showMore()}
              testId="stats-polls-more-error"
            />
          )}
        </>
      )}
    </StatsSection>
  );
}

function Documents() {
  const { t } = useTranslation('admin');
  const { state, reload } = useLoadedQuery(useDocumentStats());
  return (
    <StatsSection title={t('stats.documents.title')} testId="stats-documents-section">
      <LoadedContent state={state} reload={reload} testId="stats-documents">
        {(documents) => (
          <AdminList<DocumentStatsRow>
            label={t('stats.documents.list')}
            testId="stats-documents"
            rows={documents}
            rowId={(document) => String(document.id)}
            rowName={(document) => document.name}
            pageSizes={DOCUMENT_PAGE_SIZES}
            empty={t('stats.documents.none')}
            columns={[
              {
                id: 'name',
                header: t('stats.documents.name'),
                cell: (document) => documentFileName(document.name, document.extension),
              },
              {
                id: 'shared',
                header: t('stats.documents.shared'),
                narrow: true,
                cell: (document) => document.introduction_count,
              },
              {
                id: 'downloads',
                header: t('stats.documents.downloads'),
                narrow: true,
                cell: (document) => document.download_count,
              },
            ]}
          />
        )}
      </LoadedContent>
    </StatsSection>
  );
}
