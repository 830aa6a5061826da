// The Statistics page (/admin/stats; back-office spec 2.10): the lab's totals, its sessions by day, week
// or month, the closed sessions (each opening its detail), every poll's answers three to a line, and each
// document's shares and downloads. Each block loads on its own, with its spinner and its Retry: one
// failing call leaves the others readable, and nothing is ever filled with made-up figures.
import type { DocumentStatsRow, PollStatsRow, StatsPeriod, StatsTotals } from '@lablive/domain';
import { DOCUMENT_PAGE_SIZES } from '@lablive/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { documentFileName } from '../../components/saveBlob.ts';
import { type Failure, toFailure } from '../../failure.ts';
import { useLoaded } from '../../hooks/useLoaded.ts';
import { statsApi } from '../adminApi.ts';
import { AdminList } from '../list/AdminList.tsx';
import { ClosedSessions } from './ClosedSessions.tsx';
import { PeriodChart } from './PeriodChart.tsx';
import { PollResults } from './PollResults.tsx';
import { BlockFailure, BlockLoading, LoadedContent, StatsSection } from './StatsBlock.tsx';
import { POLLS_PER_LOAD } from './statsFormat.ts';
import './stats.css';

export function StatsPage() {
  const { t } = useTranslation('admin');
  const sessionsChart = useCallback(
    (period: StatsPeriod, signal: AbortSignal) => statsApi.sessionsChart(period, undefined, { signal }),
    [],
  );
  return (
    <section className="admin-page stats-page" aria-labelledby="stats-title" data-testid="stats-page">
      <header className="admin-page-header">
        <h1 id="stats-title">{t('stats.title')}</h1>
      </header>
      <p className="muted">{t('stats.intro')}</p>
      <Totals />
      <PeriodChart
        title={t('stats.sessionsChart.title')}
        series={t('stats.sessionsChart.series')}
        testId="stats-sessions-chart"
        kind="bars"
        load={sessionsChart}
      />
      <ClosedSessions />
      <Polls />
      <Documents />
    </section>
  );
}

function Totals() {
  const { t, i18n } = useTranslation('admin');
  const { state, reload } = useLoaded((signal) => statsApi.totals({ signal }), []);
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const figures = (totals: StatsTotals) => [
    { key: 'sessions', label: t('stats.totals.sessions'), value: number.format(totals.sessions) },
    { key: 'participants', label: t('stats.totals.participants'), value: number.format(totals.participants) },
    {
      key: 'minutes',
      label: t('stats.totals.minutes'),
      value: t('stats.totals.minutesValue', { value: number.format(totals.minutes) }),
    },
    {
      key: 'average',
      label: t('stats.totals.average'),
      value: t('stats.totals.minutesValue', { value: number.format(totals.average_duration_minutes) }),
    },
    { key: 'messages', label: t('stats.totals.messages'), value: number.format(totals.messages) },
    { key: 'polls', label: t('stats.totals.polls'), value: number.format(totals.polls) },
    { key: 'votes', label: t('stats.totals.votes'), value: number.format(totals.votes) },
    { key: 'documents', label: t('stats.totals.documents'), value: number.format(totals.documents_shared) },
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

/** The lab's polls, newest first, six at a time: "Show more" adds the next ones under them. */
function Polls() {
  const { t } = useTranslation('admin');
  const [state, setState] = useState<PollsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for a fresh first page (Retry).
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    statsApi.polls({ start: 0, count: POLLS_PER_LOAD }, { signal: controller.signal }).then(
      (page) => setState({ status: 'loaded', items: page.items, total: page.total, more: 'idle' }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', failure: toFailure(error) });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  async function showMore() {
    if (state.status !== 'loaded') return;
    const shown = state.items;
    setState({ ...state, more: 'loading' });
    try {
      const page = await statsApi.polls({ start: shown.length, count: POLLS_PER_LOAD });
      setState({ status: 'loaded', items: [...shown, ...page.items], total: page.total, more: 'idle' });
    } catch (error) {
      setState({ ...state, more: toFailure(error) });
    }
  }

  return (
    <StatsSection title={t('stats.polls.title')} testId="stats-polls-section">
      {state.status === 'loading' && <BlockLoading />}
      {state.status === 'failed' && (
        <BlockFailure
          failure={state.failure}
          onRetry={() => setAttempt((count) => count + 1)}
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
              {t('stats.polls.shown', { shown: state.items.length, total: state.total })}
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
  const { state, reload } = useLoaded((signal) => statsApi.documents({ signal }), []);
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
