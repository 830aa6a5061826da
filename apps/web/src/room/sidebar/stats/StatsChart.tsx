// A uPlot bar chart of the chat's messages per minute since the session started, in the lab's primary
// colour. The canvas says nothing to a screen reader, so a sentence under it says what it shows.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { labChartLook } from '../../../components/chartLook.ts';
import { followContainerWidth } from '../../../components/chartSizing.ts';
import 'uplot/dist/uPlot.min.css';
import { minuteSplits, type PerMinute } from './sessionStats.ts';

const HEIGHT = 170;

export function StatsChart({ data }: { data: PerMinute }) {
  const { t } = useTranslation('room');
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const latest = useRef(data);
  latest.current = data;
  const minuteLabel = t('stats.minute');
  const messagesLabel = t('stats.messagesAxis');

  useEffect(() => {
    const element = container.current;
    if (element === null) return;
    const look = labChartLook(element, HEIGHT, { variable: '--lab-primary', fallback: '#3571ff' });
    const { primary, axis } = look;
    const chart = new uPlot(
      {
        ...look.frame,
        scales: {
          // Half a minute each side, so the first and last bars show whole, even alone.
          x: { time: false, range: (_self, min, max) => [min - 0.5, Math.max(max, min + 4) + 0.5] },
          y: { range: (_self, _min, max) => [0, Math.max(2, max)] },
        },
        axes: [
          {
            ...axis,
            label: minuteLabel,
            // Whole minutes only, at most six labels, whatever the width (uPlot's own choice could land on
            // 1, 31, 61… for a one-minute session).
            splits: (_self, _axis, min, max) => minuteSplits(min, max),
            grid: { show: false },
            // Minute 0 is the session's first minute: people count it as minute 1.
            values: (_self, splits) => splits.map((split) => String(split + 1)),
          },
          { ...axis, label: messagesLabel, incrs: [1, 2, 5, 10, 20, 50, 100], size: 40 },
        ],
        series: [
          {},
          {
            label: messagesLabel,
            fill: primary,
            stroke: primary,
            paths: uPlot.paths.bars?.({ size: [0.7, 28] }),
            points: { show: false },
          },
        ],
      },
      [latest.current.minutes, latest.current.counts],
      element,
    );
    return followContainerWidth(chart, element, HEIGHT, plot);
  }, [minuteLabel, messagesLabel]);

  useEffect(() => {
    plot.current?.setData([data.minutes, data.counts]);
  }, [data]);

  const total = data.counts.reduce((sum, count) => sum + count, 0);
  const peak = Math.max(0, ...data.counts);
  return (
    <figure className="stats-chart" aria-labelledby="stats-chart-title">
      <figcaption id="stats-chart-title" className="sidebar-subheading">
        {t('stats.chart')}
      </figcaption>
      <div ref={container} className="stats-chart-canvas" data-testid="stats-chart" aria-hidden="true" />
      <p className="visually-hidden">
        {t('stats.chartSummary', {
          count: total,
          duration: t('stats.minutes', { count: data.minutes.length }),
          peak,
        })}
      </p>
    </figure>
  );
}
