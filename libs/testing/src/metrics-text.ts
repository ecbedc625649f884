/** The samples of a Prometheus text scrape named `name` whose labels include `labels` (others allowed). */
function* matching(text: string, name: string, labels: Record<string, string>): Generator<number> {
  for (const line of text.split('\n')) {
    const match = /^(\w+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) yield Number(match[3]);
  }
}

/** The value of the first sample found by its name and labels, or undefined. */
export function metricSample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const value of matching(text, name, labels)) return value;
  return undefined;
}

/** The sum of every sample found by its name and labels (0 when there is none). */
export function metricSum(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const value of matching(text, name, labels)) sum += value;
  return sum;
}

/** GET {url}/metrics as text. */
export async function scrapeMetrics(url: string): Promise<string> {
  const response = await fetch(`${url}/metrics`);
  if (!response.ok) throw new Error(`GET ${url}/metrics answered ${response.status}`);
  return response.text();
}
