/**
 * Two runs of the harness on the same set, video by video: `--save FILE` keeps each document's
 * scores, `--against FILE` compares a later run with them (another commit, another provider).
 * A difference of means over a few dozen videos moves by .01-.02 with nothing changed but noise,
 * so each difference comes with a paired bootstrap interval (videos resampled, 95%) and how many
 * videos got better and worse.
 */
import { accessSync, constants, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import type { DocumentScore, LevelTable } from './evaluate';

/** What a saved run keeps of one document: its scores, and its matched titles' word F1 (sum, count). */
const savedDocument = z.object({
  pk: z.number(),
  windowDiff: z.number(),
  f1Units: z.number(),
  f1Seconds: z.number().nullable(),
  titleF1: z.tuple([z.number(), z.number()]),
});
type SavedDocument = z.infer<typeof savedDocument>;

const savedRun = z.object({
  version: z.literal(1),
  analyzer: z.string(),
  levels: z.record(z.string(), z.record(z.string(), savedDocument)),
});
export type SavedRun = z.infer<typeof savedRun>;

export class SavedRunError extends Error {}

const keep = (score: DocumentScore): SavedDocument => ({
  pk: score.pk,
  windowDiff: score.windowDiff,
  f1Units: score.f1Units,
  f1Seconds: score.f1Seconds,
  titleF1: [score.titles?.matched.reduce((sum, m) => sum + m.f1, 0) ?? 0, score.titles?.matched.length ?? 0],
});

/** The analyzer's scores of each document of each level, as `--save` writes them. */
export function savedRunOf(tables: LevelTable[], analyzer: string): SavedRun {
  return {
    version: 1,
    analyzer,
    levels: Object.fromEntries(
      tables.map((t) => [t.level, Object.fromEntries(t.analyzerScores.map(({ id, score }) => [id, keep(score)]))]),
    ),
  };
}

export function readSavedRun(path: string): SavedRun {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SavedRunError(`Cannot read the saved run ${path}: ${(error as Error).message}`);
  }
  const parsed = savedRun.safeParse(json);
  if (!parsed.success) throw new SavedRunError(`${path} is not a run saved by --save (version 1)`);
  return parsed.data;
}

/** Says before a run is scored when its scores could not be saved where asked. */
export function checkWritable(path: string): void {
  try {
    accessSync(dirname(resolve(path)), constants.W_OK);
  } catch (error) {
    throw new SavedRunError(`Cannot save the run to ${path}: ${(error as Error).message}`);
  }
}

/** A seeded generator (mulberry32), so that the same runs always print the same intervals. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Per document, what a metric adds up and over how many (a mean over documents: the value and 1;
 * titles pooled over matched chapters: the F1 sum and the count), saved then now.
 */
export interface Pair {
  saved: [number, number];
  now: [number, number];
}

const ratio = (pairs: Pair[], side: 'saved' | 'now') => {
  let sum = 0;
  let count = 0;
  for (const pair of pairs) {
    sum += pair[side][0];
    count += pair[side][1];
  }
  return count ? sum / count : 0;
};

export const RESAMPLES = 2000;

/** The difference now − saved and its 95% percentile interval, resampling documents with their pairs. */
export function pairedBootstrap(pairs: Pair[], resamples = RESAMPLES, seed = 1) {
  const difference = ratio(pairs, 'now') - ratio(pairs, 'saved');
  const random = seeded(seed);
  const draws = new Float64Array(resamples);
  const sample: Pair[] = new Array<Pair>(pairs.length);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < pairs.length; i++) sample[i] = pairs[Math.floor(random() * pairs.length)]!;
    draws[r] = ratio(sample, 'now') - ratio(sample, 'saved');
  }
  draws.sort();
  const at = (share: number) => draws[Math.min(resamples - 1, Math.floor(share * resamples))]!;
  return { difference, low: pairs.length ? at(0.025) : 0, high: pairs.length ? at(0.975) : 0 };
}

interface Metric {
  name: string;
  lowerIsBetter: boolean;
  of: (d: SavedDocument) => [number, number] | null;
}

const METRICS: Metric[] = [
  { name: 'Pk', lowerIsBetter: true, of: (d) => [d.pk, 1] },
  { name: 'WD', lowerIsBetter: true, of: (d) => [d.windowDiff, 1] },
  { name: 'F1 ±3', lowerIsBetter: false, of: (d) => [d.f1Units, 1] },
  { name: 'F1 ±30 s', lowerIsBetter: false, of: (d) => (d.f1Seconds === null ? null : [d.f1Seconds, 1]) },
  { name: 'title word F1', lowerIsBetter: false, of: (d) => d.titleF1 },
];

export interface Comparison {
  level: string;
  metric: string;
  documents: number;
  saved: number;
  now: number;
  difference: number;
  low: number;
  high: number;
  /** Documents whose own figure got better, and worse (a title F1: its mean over its chapters). */
  better: number;
  worse: number;
}

/** Each level and metric both runs scored, over the documents both scored. */
export function compareRuns(saved: SavedRun, now: SavedRun): Comparison[] {
  const comparisons: Comparison[] = [];
  for (const [level, documents] of Object.entries(now.levels)) {
    const before = saved.levels[level];
    if (!before) continue;
    const ids = Object.keys(documents).filter((id) => before[id]);
    for (const metric of METRICS) {
      const pairs = ids.flatMap((id) => {
        const a = metric.of(before[id]!);
        const b = metric.of(documents[id]!);
        return a && b ? [{ saved: a, now: b }] : [];
      });
      if (!pairs.length || pairs.every((p) => p.saved[1] === 0 && p.now[1] === 0)) continue;
      const { difference, low, high } = pairedBootstrap(pairs);
      const sign = metric.lowerIsBetter ? -1 : 1;
      const change = pairs.map((p) => sign * ((p.now[1] ? p.now[0] / p.now[1] : 0) - (p.saved[1] ? p.saved[0] / p.saved[1] : 0)));
      comparisons.push({
        level,
        metric: metric.name,
        documents: pairs.length,
        saved: ratio(pairs, 'saved'),
        now: ratio(pairs, 'now'),
        difference,
        low,
        high,
        better: change.filter((c) => c > 1e-9).length,
        worse: change.filter((c) => c < -1e-9).length,
      });
    }
  }
  return comparisons;
}

const fixed = (value: number) => value.toFixed(3).replace(/^(-?)0\./, '$1.');
/** A difference with its sign; one that rounds to zero has none. */
const signed = (value: number) => {
  const text = fixed(Math.abs(value));
  return value >= 5e-4 ? `+${text}` : value <= -5e-4 ? `-${text}` : text;
};

/** The comparison as a table: where an interval holds 0, the runs are not told apart. */
export function formatComparison(comparisons: Comparison[], path: string, saved: SavedRun, analyzer: string): string {
  const lines = [
    `### Against ${path} (${saved.analyzer}; now ${analyzer})`,
    '',
    `Difference now − saved with its 95% interval (paired bootstrap over documents, ${RESAMPLES} resamples); documents better / worse.`,
    '',
    '| level | metric | documents | saved | now | difference (95% interval) | better / worse |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const c of comparisons) {
    lines.push(
      `| ${c.level} | ${c.metric} | ${c.documents} | ${fixed(c.saved)} | ${fixed(c.now)} | ` +
        `${signed(c.difference)} (${signed(c.low)} to ${signed(c.high)}) | ${c.better} / ${c.worse} |`,
    );
  }
  if (!comparisons.length) lines.push('| – | no level of this run is in the saved one | | | | | |');
  return lines.join('\n');
}
