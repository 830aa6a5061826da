// The look the app's uPlot charts share: the lab's colours read from the page's CSS variables (a canvas
// cannot use them), light grid lines without ticks, no legend and no cursor, at least 200 px wide.
import type uPlot from 'uplot';

export function labChartLook(
  element: HTMLElement,
  height: number,
  primary: { variable: string; fallback: string },
) {
  const style = getComputedStyle(element);
  const text = style.getPropertyValue('--lab-third').trim() || '#191e4d';
  const axis: uPlot.Axis = { stroke: text, grid: { stroke: '#e3e6f0', width: 1 }, ticks: { show: false } };
  return {
    primary: style.getPropertyValue(primary.variable).trim() || primary.fallback,
    axis,
    frame: {
      width: Math.max(element.clientWidth, 200),
      height,
      legend: { show: false },
      cursor: { show: false },
    },
  };
}
