// A uPlot chart kept as wide as its container (a sidebar folds, the window resizes), left alone while
// the container is hidden (width 0). Returns what stops following and destroys the chart.
import type uPlot from 'uplot';

export function followContainerWidth(chart: uPlot, element: HTMLElement, height: number): () => void {
  const observer = new ResizeObserver(() => {
    if (element.clientWidth > 0) chart.setSize({ width: element.clientWidth, height });
  });
  observer.observe(element);
  return () => {
    observer.disconnect();
    chart.destroy();
  };
}
