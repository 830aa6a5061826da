// A uPlot chart kept as wide as its container (a sidebar folds, the window resizes), left alone while
// the container is hidden (width 0), and held in `plot` for the data updates while it lives. Returns
// the effect's cleanup: it stops following, forgets the chart and destroys it.
import type { RefObject } from 'react';
import type uPlot from 'uplot';

export function followContainerWidth(
  chart: uPlot,
  element: HTMLElement,
  height: number,
  plot: RefObject<uPlot | null>,
): () => void {
  plot.current = chart;
  const observer = new ResizeObserver(() => {
    if (element.clientWidth > 0) chart.setSize({ width: element.clientWidth, height });
  });
  observer.observe(element);
  return () => {
    observer.disconnect();
    plot.current = null;
    chart.destroy();
  };
}
