/**
 * Two runs of the harness on the same set, video by video: `--save FILE` keeps each document's
 * scores, `--against FILE` compares a later run with them (another commit, another provider).
 * A difference of means over a few dozen videos moves by .01-.02 with nothing changed but noise,
 * so each difference comes with a paired bootstrap interval (videos resampled, 95%) and how many
 * videos got better and worse.
 */
import { accessSync, constants, readFileSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import type { DocumentScore, LevelTable } from './evaluate';
import { fixed } from './format';

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

const cannotSave = (path: string, why: string) => new SavedRunError(`Cannot save the run to ${JSON.stringify(path)}: ${why}`);

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
  if (!path.trim()) throw cannotSave(path, 'give a file name');
  const target = resolve(path);
  let stats: Stats | undefined;
  try {
    // A path under a file throws here (ENOTDIR); a missing folder, at the access check.
    stats = statSync(target, { throwIfNoEntry: false });
    if (!stats?.isDirectory()) accessSync(stats ? target : dirname(target), constants.W_OK);
  } catch (error) {
    throw cannotSave(path, (error as Error).message);
  }
  if (stats?.isDirectory()) throw cannotSave(path, 'it is a folder');
}

/** Writes a run where `checkWritable` found it could. */
export function writeSavedRun(path: string, run: SavedRun): void {
  try {
    writeFileSync(path, `${JSON.stringify(run)}\n`);
  } catch (error) {
    throw cannotSave(path, (error as Error).message);
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

const RESAMPLES = 2000;

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
  // Nearest rank: the 2.5th percentile of 2,000 draws is the 50th smallest.
  const at = (share: number) => draws[Math.max(0, Math.ceil(share * resamples) - 1)]!;
  return { difference, low: at(0.025), high: at(0.975) };
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

/** Which documents of a level both runs scored, and which only one of them did. */
export interface LevelMatch {
  level: string;
  shared: number;
  onlySaved: number;
  onlyNow: number;
}

export interface RunComparison {
  rows: Comparison[];
  levels: LevelMatch[];
}

/**
 * Each level and metric both runs scored, over the documents both scored (titles: those both runs
 * titled, so that a pooled mean never divides by no chapter).
 */
export function compareRuns(saved: SavedRun, now: SavedRun): RunComparison {
  const rows: Comparison[] = [];
  const levels: LevelMatch[] = [];
  for (const level of new Set([...Object.keys(now.levels), ...Object.keys(saved.levels)])) {
    const before = saved.levels[level] ?? {};
    const after = now.levels[level] ?? {};
    const ids = Object.keys(after).filter((id) => before[id]);
    levels.push({
      level,
      shared: ids.length,
      onlySaved: Object.keys(before).length - ids.length,
      onlyNow: Object.keys(after).length - ids.length,
    });
    for (const metric of METRICS) {
      const pairs = ids.flatMap((id) => {
        const a = metric.of(before[id]!);
        const b = metric.of(after[id]!);
        return a && b && a[1] > 0 && b[1] > 0 ? [{ saved: a, now: b }] : [];
      });
      if (!pairs.length) continue;
      const { difference, low, high } = pairedBootstrap(pairs);
      const sign = metric.lowerIsBetter ? -1 : 1;
      const change = pairs.map((p) => sign * (p.now[0] / p.now[1] - p.saved[0] / p.saved[1]));
      rows.push({
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
  return { rows, levels };
}

/** A difference with its sign; one that rounds to zero has none. */
const signed = (value: number) => {
  const text = fixed(Math.abs(value));
  return value >= 5e-4 ? `+${text}` : value <= -5e-4 ? `-${text}` : text;
};

const documents = (n: number) => `${n} document${n === 1 ? '' : 's'}`;

/** What was compared in a level, when not every document of it was. */
function matchLine({ level, shared, onlySaved, onlyNow }: LevelMatch): string | null {
  if (!onlySaved && !onlyNow) return null;
  if (!shared) return `- ${level}: ${onlyNow ? 'no document in the saved run' : 'only in the saved run'}`;
  const left = [onlySaved ? `${onlySaved} only in the saved run` : '', onlyNow ? `${onlyNow} only in this one` : '']
    .filter(Boolean)
    .join(', ');
  return `- ${level}: ${documents(shared)} compared; left out: ${left}`;
}

/** The comparison as a table: where an interval holds 0, the runs are not told apart. */
export function formatComparison({ rows, levels }: RunComparison, path: string, saved: SavedRun, analyzer: string): string {
  const lines = [
    `### Against ${path} (${saved.analyzer}; now ${analyzer})`,
    '',
    `Difference now − saved with its 95% interval (paired bootstrap over documents, ${RESAMPLES} resamples); documents better / worse.`,
    '',
    '| level | metric | documents | saved | now | difference (95% interval) | better / worse |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const c of rows) {
    lines.push(
      `| ${c.level} | ${c.metric} | ${c.documents} | ${fixed(c.saved)} | ${fixed(c.now)} | ` +
        `${signed(c.difference)} (${signed(c.low)} to ${signed(c.high)}) | ${c.better} / ${c.worse} |`,
    );
  }
  if (!rows.length) lines.push('| – | no document of this run is in the saved one | | | | | |');
  const notes = levels.map(matchLine).filter((line): line is string => line !== null);
  if (notes.length) lines.push('', 'Not every document was in both runs:', '', ...notes);
  return lines.join('\n');
}
