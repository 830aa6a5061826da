// Reading an instance's metrics (its metrics listener's URL) as the tests and measurements need it: the
// sum of one metric's samples whose labels include the given ones.

export async function scrape(metricsUrl: string): Promise<string> {
  const response = await fetch(metricsUrl);
  if (!response.ok) throw new Error(`${metricsUrl} answered ${response.status}`);
  return response.text();
}

export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
    if (!wanted) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (Number.isFinite(value)) sum += value;
  }
  return sum;
}
