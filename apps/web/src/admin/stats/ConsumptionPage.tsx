// My consumption (/admin/myconsumption; back-office spec 2.11): the lab's plan in minutes, the minutes
// consumed and left as progress bars with their percentages (floors, spec 9), the average per session,
// the minutes consumed and the credit left by day, week or month, and the closed sessions with what each
// consumed (for those who may open Statistics: the list is its call). docs/consumption.md says what a
// consumed minute is.
import { adminRouteVerdict, type LabConsumption, percentOf, principalOf } from '@lablive/domain';
import { Progress } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/useAuth.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { useConsumption } from '../resources/stats.ts';
import { ClosedSessions } from './ClosedSessions.tsx';
import { PeriodChart } from './PeriodChart.tsx';
import { LoadedContent, StatsSection } from './StatsBlock.tsx';
import './stats.css';
import { useFormat } from '../../format/useFormat.ts';
import { NamedPage } from '../AdminPage.tsx';

export function ConsumptionPage() {
  const user = useCurrentUser();
  const mayOpenStats = user !== null && adminRouteVerdict(principalOf(user), 'stats') === 'show';
  return (
    <NamedPage page="consumption" className="stats-page">
      <Plan />
      <div className="stats-chart-pair">
        <PeriodChart chart="consumption" />
        <PeriodChart chart="credit" />
      </div>
      {mayOpenStats && <ClosedSessions withConsumption />}
    </NamedPage>
  );
}

function Plan() {
  const { t } = useTranslation('admin');
  const { state, reload } = useLoadedQuery(useConsumption());
  return (
    <StatsSection title={t('stats.consumption.plan')} testId="consumption-plan">
      <LoadedContent state={state} reload={reload} testId="consumption">
        {(consumption) => <PlanFigures consumption={consumption} />}
      </LoadedContent>
    </StatsSection>
  );
}

function PlanFigures({ consumption }: { consumption: LabConsumption }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const { plan } = consumption;
  return (
    <div className="consumption-figures">
      <p className="consumption-plan" data-testid="consumption-plan-value">
        {plan > 0
          ? t('stats.consumption.planValue', { value: format.count(plan) })
          : t('stats.consumption.noPlan')}
      </p>
      <MinutesBar
        label={t('stats.consumption.consumed')}
        minutes={consumption.consumption}
        percent={percentOf(consumption.consumption, plan)}
        testId="consumption-consumed"
      />
      <MinutesBar
        label={t('stats.consumption.left')}
        minutes={consumption.left}
        percent={percentOf(consumption.left, plan)}
        testId="consumption-left"
        tone="left"
      />
      <p className="consumption-average" data-testid="consumption-average">
        <span className="minutes-bar-label">{t('stats.consumption.average')}</span>{' '}
        <strong>{t('stats.consumption.averageValue', { value: format.count(consumption.average) })}</strong>{' '}
        <span className="muted">{t('stats.consumption.averageOver', { count: consumption.sessions })}</span>
      </p>
    </div>
  );
}

function MinutesBar(props: {
  label: string;
  minutes: number;
  percent: number;
  testId: string;
  tone?: 'left';
}) {
  const { t } = useTranslation('admin');
  const labelId = useId();
  const format = useFormat();
  const text = t('stats.consumption.barValue', {
    minutes: format.count(props.minutes),
    percent: props.percent,
  });
  // Past the plan the bar is full; the percentage says by how much.
  const shown = Math.min(100, Math.max(0, props.percent));
  return (
    <div className="minutes-bar" data-testid={props.testId}>
      <div className="minutes-bar-line">
        <span id={labelId} className="minutes-bar-label">
          {props.label}
        </span>
        <span className="minutes-bar-value">{text}</span>
      </div>
      <Progress.Root
        className={`stats-bar stats-bar-large${props.tone === 'left' ? ' stats-bar-left' : ''}`}
        value={shown}
        max={100}
        aria-labelledby={labelId}
        aria-valuetext={text}
      >
        <Progress.Indicator className="stats-bar-fill" style={{ width: `${shown}%` }} />
      </Progress.Root>
    </div>
  );
}
