import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Percentile of sorted-or-not samples (nearest rank). */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * The median and p90 of `runs` timed runs of `work` after `warmUps` untimed ones, each run on the
 * input `inputOf` makes for it before its clock starts.
 */
export async function timeRuns<T>(inputOf: (run: number) => T, work: (input: T) => unknown, warmUps: number, runs: number) {
  for (let i = 0; i < warmUps; i++) await work(inputOf(i));
  const times: number[] = [];
  for (let i = warmUps; i < warmUps + runs; i++) {
    const input = inputOf(i);
    const started = performance.now();
    await work(input);
    times.push(performance.now() - started);
  }
  return { median: percentile(times, 50), p90: percentile(times, 90) };
}

/** Prints a result line and keeps it in bench-results/latest.md for the README. */
export function report(name: string, figures: Record<string, string | number>) {
  const line = `${name}: ${Object.entries(figures)
    .map(([k, v]) => `${k} ${typeof v === 'number' ? Math.round(v * 100) / 100 : v}`)
    .join(', ')}`;
  process.stdout.write(`\n[bench] ${line}\n`);
  mkdirSync(join(__dirname, '..', 'bench-results'), { recursive: true });
  appendFileSync(join(__dirname, '..', 'bench-results', 'latest.md'), `- ${new Date().toISOString()} ${line}\n`);
}

/**
 * The machine's own speed, to tell it from the code's between sessions (the same code's figures
 * moved by half and more from one day to the next on this shared 2-core machine): a fixed piece of
 * work of the analyzer's kind (words cut from a generated text by a Unicode pattern, counted in a
 * Map, the counts sorted), the median of 7 runs after 3 warm-ups. It never changes: a session whose
 * reference is twice another's ran on a machine half as fast.
 */
export function machineReference(): number {
  const vocabulary = Array.from({ length: 2_000 }, (_, i) => `word${(i * 7919) % 2_000}x${i % 13}`);
  const text = Array.from({ length: 200_000 }, (_, i) => vocabulary[(i * 104_729) % vocabulary.length]).join(' ');
  const work = () => {
    const counts = new Map<string, number>();
    for (const [word] of text.matchAll(/[\p{L}\p{N}]+/gu)) counts.set(word, (counts.get(word) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).length;
  };
  for (let i = 0; i < 3; i++) work();
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return percentile(times, 50);
}
