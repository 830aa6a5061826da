// Day, week or month: which buckets a chart shows. A Radix toggle group (one pressed at a time, arrow
// keys move between them); pressing the pressed one again keeps it rather than leaving none.
import { STATS_PERIODS, type StatsPeriod } from '@lablive/domain';
import { ToggleGroup } from 'radix-ui';
import { useTranslation } from 'react-i18next';

const isPeriod = (value: string): value is StatsPeriod =>
  (STATS_PERIODS as readonly string[]).includes(value);

export function PeriodSwitch(props: {
  value: StatsPeriod;
  onChange: (period: StatsPeriod) => void;
  /** The chart's title, for the group's name ("Period of Sessions"). */
  chart: string;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <ToggleGroup.Root
      type="single"
      className="period-switch"
      value={props.value}
      onValueChange={(value) => {
        if (isPeriod(value)) props.onChange(value);
      }}
      aria-label={t('stats.periods.label', { chart: props.chart })}
      data-testid={props.testId}
    >
      {STATS_PERIODS.map((period) => (
        <ToggleGroup.Item
          key={period}
          value={period}
          className="period-switch-item"
          data-testid={`${props.testId}-${period}`}
        >
          {t(`stats.periods.${period}`)}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
