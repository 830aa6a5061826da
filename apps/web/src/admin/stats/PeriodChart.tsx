// A chart of the statistics pages: the server's buckets (sessions, minutes consumed, credit left) by day,
// week or month, drawn by uPlot (which draws and never buckets: the server aggregates). The canvas says
// nothing to a screen reader, so a sentence under it sums it up and the figures are one click away as a
// table. Bucket dates are days of the lab's time zone, as the answer says.
import type { ChartData, StatsPeriod } from '@lablive/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { labChartLook } from '../../components/chartLook.ts';
import { followContainerWidth } from '../../components/chartSizing.ts';
import 'uplot/dist/uPlot.min.css';
import { useFormat } from '../../format/useFormat.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { type StatsChart, useStatsChart } from '../resources/stats.ts';
import { PeriodSwitch } from './PeriodSwitch.tsx';
import { LoadedContent, StatsSection } from './StatsBlock.tsx';
import { bucketLabel, labelledIndexes } from './statsFormat.ts';

const HEIGHT = 220;
/** Whole steps for the value axis: sessions and minutes are counted, never halved. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000];

export type ChartKind = 'bars' | 'area';

/** The x values: the buckets' places (their labels are the axis's). */
const indexes = (count: number) => Array.from({ length: count }, (_, index) => index);

/** How each statistics chart is shown: its title, what its values are ("Sessions", "Minutes left": the
 *  table's column), its test id and its drawing. */
const CHART_LOOKS = {
  sessions: {
    title: 'stats.sessionsChart.title',
    series: 'stats.sessionsChart.series',
    testId: 'stats-sessions-chart',
    kind: 'bars',
  },
  consumption: {
    title: 'stats.consumption.consumedChart',
    series: 'stats.consumption.consumedSeries',
    testId: 'consumption-chart',
    kind: 'bars',
  },
  credit: {
    title: 'stats.consumption.creditChart',
    series: 'stats.consumption.creditSeries',
    testId: 'credit-chart',
    kind: 'area',
  },
} as const satisfies Record<StatsChart, { title: string; series: string; testId: string; kind: ChartKind }>;

/** One of the statistics charts (its call and its query key are the resource's, its look the table's). */
export function PeriodChart({ chart }: { chart: StatsChart }) {
  const { t } = useTranslation('admin');
  const { testId, kind } = CHART_LOOKS[chart];
  const title = t(CHART_LOOKS[chart].title);
  const [period, setPeriod] = useState<StatsPeriod>('day');
  const { state, reload } = useLoadedQuery(useStatsChart(chart, period));
  return (
    <StatsSection
      title={title}
      testId={testId}
      className="stats-chart-section"
      actions={<PeriodSwitch value={period} onChange={setPeriod} chart={title} testId={`${testId}-period`} />}
    >
      <LoadedContent state={state} reload={reload} testId={testId}>
        {(data) => (
          <ChartFigure data={data} kind={kind} series={t(CHART_LOOKS[chart].series)} testId={testId} />
        )}
      </LoadedContent>
    </StatsSection>
  );
}

function ChartFigure(props: { data: ChartData; kind: ChartKind; series: string; testId: string }) {
  const { data, kind, series } = props;
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;
  const format = useFormat();
  const short = data.dates.map((date) => bucketLabel(date, data.period, locale));
  const long = data.dates.map((date) => bucketLabel(date, data.period, locale, true));
  const total = data.values.reduce((sum, value) => sum + value, 0);
  const peakIndex = data.values.reduce(
    (best, value, index) => (value > (data.values[best] ?? 0) ? index : best),
    0,
  );
  const lastIndex = data.values.length - 1;

  let summary: string;
  if (data.values.length === 0 || (kind === 'bars' && total === 0)) {
    summary = t('stats.chart.summaryEmpty', { count: data.values.length });
  } else if (kind === 'bars') {
    summary = t('stats.chart.summary', {
      total: format.count(total),
      peak: format.count(data.values[peakIndex] ?? 0),
      when: long[peakIndex] ?? '',
    });
  } else {
    summary = t('stats.chart.latest', {
      value: format.count(data.values[lastIndex] ?? 0),
      when: long[lastIndex] ?? '',
    });
  }

  return (
    <figure className="stats-chart" data-period={data.period}>
      <ChartCanvas
        labels={short}
        values={data.values}
        kind={kind}
        series={series}
        testId={`${props.testId}-canvas`}
      />
      <figcaption className="muted stats-chart-caption">
        {summary} {t('stats.chart.timeZone', { zone: data.time_zone })}
      </figcaption>
      <details className="stats-chart-figures">
        <summary>{t('stats.chart.showTable')}</summary>
        <div className="table-scroll">
          <table className="admin-table stats-figures-table" data-testid={`${props.testId}-table`}>
            <caption className="visually-hidden">{series}</caption>
            <thead>
              <tr>
                <th scope="col">{t(`stats.chart.bucket.${data.period}`)}</th>
                <th scope="col" className="cell-number">
                  {series}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.dates.map((date, index) => (
                <tr key={date}>
                  <th scope="row">
                    <time dateTime={date}>{long[index]}</time>
                  </th>
                  <td className="cell-number">{format.count(data.values[index] ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** The uPlot canvas: made once per kind and series, fed new figures as they come, sized to its box. */
function ChartCanvas(props: {
  labels: string[];
  values: number[];
  kind: ChartKind;
  series: string;
  testId: string;
}) {
  const { kind, series } = props;
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const labels = useRef(props.labels);
  labels.current = props.labels;
  const values = useRef(props.values);
  values.current = props.values;

  useEffect(() => {
    const element = container.current;
    if (element === null) return;
    const look = labChartLook(element, HEIGHT, { variable: '--lab-primary-fill', fallback: '#336cf5' });
    const { primary, axis } = look;
    const chart = new uPlot(
      {
        ...look.frame,
        scales: {
          // Half a bucket each side, so the first and last bars show whole.
          x: { time: false, range: (self) => [-0.5, Math.max(0, (self.data[0]?.length ?? 1) - 1) + 0.5] },
          y: { range: (_self, _min, max) => [0, Math.max(2, Math.ceil(max * 1.1))] },
        },
        axes: [
          {
            ...axis,
            grid: { show: false },
            splits: (self) =>
              labelledIndexes(self.data[0]?.length ?? 0, Math.max(2, Math.floor(self.width / 64))),
            values: (_self, splits) => splits.map((split) => labels.current[split] ?? ''),
          },
          { ...axis, incrs: WHOLE_STEPS, size: 56 },
        ],
        series: [
          {},
          kind === 'bars'
            ? {
                label: series,
                fill: primary,
                // No outline: an empty bucket shows nothing rather than a dash on the axis.
                width: 0,
                paths: uPlot.paths.bars?.({ size: [0.7, 36] }),
                points: { show: false },
              }
            : {
                label: series,
                stroke: primary,
                width: 2,
                fill: `color-mix(in srgb, ${primary} 18%, transparent)`,
                points: { show: true, size: 5, fill: primary },
              },
        ],
      },
      [indexes(values.current.length), values.current],
      element,
    );
    return followContainerWidth(chart, element, HEIGHT, plot);
  }, [kind, series]);

  useEffect(() => {
    plot.current?.setData([indexes(props.values.length), props.values]);
  }, [props.values]);

  return <div ref={container} className="stats-chart-canvas" data-testid={props.testId} aria-hidden="true" />;
}
