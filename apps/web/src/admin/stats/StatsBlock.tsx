// One block of the statistics pages: a titled section that loads its own figures, shows a spinner while
// they come, and on failure says what went wrong with a Retry (never sample figures in their place).
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import type { Failure } from '../../failure.ts';
import type { Loaded } from '../../queries/loaded.ts';
import { LoadFailure } from '../LoadFailure.tsx';
// The bars the blocks draw (poll answers, minutes), before each page's stats.css that varies them.
import '../shareBar.css';

export function BlockLoading() {
  const { t } = useTranslation('admin');
  return (
    <p className="muted stats-loading" role="status">
      <Spinner /> {t('stats.loadingBlock')}
    </p>
  );
}

export function BlockFailure(props: { failure: Failure; onRetry: () => void; testId: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="stats-failure">
      <LoadFailure failure={props.failure} testId={props.testId} />
      <button
        type="button"
        className="button button-secondary button-small"
        data-testid={`${props.testId}-retry`}
        onClick={props.onRetry}
      >
        {t('stats.retry')}
      </button>
    </div>
  );
}

/** What a load shows: the spinner, the failure with its Retry, or `children` with the value. */
export function LoadedContent<T>(props: {
  state: Loaded<T>;
  reload: () => void;
  testId: string;
  children: (value: T) => ReactNode;
}) {
  const { state } = props;
  if (state.status === 'loading') return <BlockLoading />;
  if (state.status === 'failed')
    return <BlockFailure failure={state.failure} onRetry={props.reload} testId={`${props.testId}-error`} />;
  return <>{props.children(state.value)}</>;
}

export function StatsSection(props: {
  title: string;
  testId?: string;
  className?: string;
  /** Beside the title (a period switch, download buttons). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      className={`stats-section${props.className ? ` ${props.className}` : ''}`}
      aria-labelledby={titleId}
      data-testid={props.testId}
    >
      <header className="stats-section-header">
        <h2 id={titleId}>{props.title}</h2>
        {props.actions}
      </header>
      {props.children}
    </section>
  );
}
