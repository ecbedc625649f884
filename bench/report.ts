import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Percentile of sorted-or-not samples (nearest rank). */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
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
