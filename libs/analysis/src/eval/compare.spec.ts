import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  compareRuns,
  formatComparison,
  pairedBootstrap,
  readSavedRun,
  type Pair,
  type RunComparison,
  type SavedRun,
} from './compare';

const run = (analyzer: string, documents: Record<string, Partial<SavedRun['levels'][string][string]>>): SavedRun => ({
  version: 1,
  analyzer,
  levels: {
    podcasts: Object.fromEntries(
      Object.entries(documents).map(([id, d]) => [
        id,
        { pk: 0.4, windowDiff: 0.45, f1Units: 0.5, f1Seconds: 0.4, titleF1: [0, 0] as [number, number], ...d },
      ]),
    ),
  },
});
const metric = (comparison: RunComparison, name: string) => comparison.rows.find((c) => c.metric === name)!;

describe('comparing two runs of the harness, document by document', () => {
  it('finds no difference between a run and itself', () => {
    const saved = run('local analyzer', { a: { pk: 0.3 }, b: { pk: 0.5 }, c: { pk: 0.2 } });
    const pk = metric(compareRuns(saved, saved), 'Pk');
    expect(pk).toMatchObject({ documents: 3, difference: 0, low: 0, high: 0, better: 0, worse: 0 });
    expect(pk.saved).toBeCloseTo(1 / 3, 10);
  });

  it('gives a shift every document shares as the difference, with no spread', () => {
    const saved = run('before', { a: { f1Units: 0.2 }, b: { f1Units: 0.5 }, c: { f1Units: 0.6 }, d: { f1Units: 0.3 } });
    const now = run('after', { a: { f1Units: 0.3 }, b: { f1Units: 0.6 }, c: { f1Units: 0.7 }, d: { f1Units: 0.4 } });
    const f1 = metric(compareRuns(saved, now), 'F1 ±3');
    expect(f1.difference).toBeCloseTo(0.1, 10);
    expect(f1.low).toBeCloseTo(0.1, 10);
    expect(f1.high).toBeCloseTo(0.1, 10);
    expect([f1.better, f1.worse]).toEqual([4, 0]);
  });

  it('counts a lower Pk as better, and an interval holding 0 where documents disagree', () => {
    const documents = Array.from({ length: 20 }, (_, i) => `v${i}`);
    const saved = run('before', Object.fromEntries(documents.map((id) => [id, { pk: 0.4 }])));
    // Half the videos gain .05, half lose .05: the mean does not move, the interval spans 0.
    const now = run('after', Object.fromEntries(documents.map((id, i) => [id, { pk: i % 2 ? 0.35 : 0.45 }])));
    const pk = metric(compareRuns(saved, now), 'Pk');
    expect(pk.difference).toBeCloseTo(0, 10);
    expect(pk.low).toBeLessThan(0);
    expect(pk.high).toBeGreaterThan(0);
    expect([pk.better, pk.worse]).toEqual([10, 10]);
    // One video clearly better and nothing else: better, and the interval no longer symmetric.
    const one = run('after', Object.fromEntries(documents.map((id, i) => [id, { pk: i === 0 ? 0.2 : 0.4 }])));
    const pkOne = metric(compareRuns(saved, one), 'Pk');
    expect(pkOne.difference).toBeCloseTo(-0.01, 10);
    expect([pkOne.better, pkOne.worse]).toEqual([1, 0]);
    expect(pkOne.high).toBeCloseTo(0, 10);
  });

  it('pools title scores over matched chapters, as the tables do, and skips what neither run has', () => {
    // Document a: 2 chapters matched (F1 .2 and .4); b: 1 chapter (.9). Pooled: (.6 + .9) / 3 = .5.
    const saved = run('before', { a: { titleF1: [0.6, 2], f1Seconds: null }, b: { titleF1: [0.9, 1], f1Seconds: null } });
    const now = run('after', { a: { titleF1: [0.8, 2], f1Seconds: null }, b: { titleF1: [0.9, 1], f1Seconds: null } });
    const comparisons = compareRuns(saved, now);
    const titles = metric(comparisons, 'title word F1');
    expect(titles.saved).toBeCloseTo(0.5, 10);
    expect(titles.now).toBeCloseTo(1.7 / 3, 10);
    expect([titles.better, titles.worse]).toEqual([1, 0]);
    // No document has times (QMSum): no F1 ±30 s row.
    expect(comparisons.rows.map((c) => c.metric)).toEqual(['Pk', 'WD', 'F1 ±3', 'title word F1']);
  });

  it('compares titles over the documents both runs titled', () => {
    // b and c lose their titles: the pooled mean is a's alone, and losing titles is no score.
    const saved = run('before', { a: { titleF1: [0.25, 1] }, b: { titleF1: [0.5, 2] }, c: { titleF1: [0.6, 2] } });
    const now = run('after', { a: { titleF1: [0.3, 1] }, b: { titleF1: [0, 0] }, c: { titleF1: [0, 0] } });
    const titles = metric(compareRuns(saved, now), 'title word F1');
    expect(titles).toMatchObject({ documents: 1, better: 1, worse: 0 });
    expect([titles.difference, titles.low, titles.high].map((v) => v.toFixed(3))).toEqual(['0.050', '0.050', '0.050']);
  });

  it('compares only the documents both runs scored, and says which were left out', () => {
    const saved = run('before', { a: {}, b: {} });
    const now: SavedRun = { ...run('after', { b: {}, c: {} }), levels: { ...run('after', { b: {}, c: {} }).levels, QMSum: {} } };
    const comparison = compareRuns(saved, now);
    expect(new Set(comparison.rows.map((c) => c.level))).toEqual(new Set(['podcasts']));
    expect(metric(comparison, 'Pk').documents).toBe(1);
    expect(formatComparison(comparison, 'old.json', saved, 'x')).toContain(
      '- podcasts: 1 document compared; left out: 1 only in the saved run, 1 only in this one',
    );
    // A saved run of other documents: nothing to compare, and said so.
    const other = formatComparison(compareRuns(saved, run('x', { c: {} })), 'old.json', saved, 'x');
    expect(other).toContain('no document of this run is in the saved one');
    expect(other).toContain('- podcasts: no document in the saved run');
  });

  it('takes the interval at the 2.5th and 97.5th percentiles of the resampled differences', () => {
    // Two videos, one unchanged and one up by 1: a resample holds it 0, 1 or 2 times (mean
    // difference 0, .5 or 1, a quarter, a half and a quarter of the time).
    const pairs: Pair[] = [
      { saved: [0, 1], now: [0, 1] },
      { saved: [0, 1], now: [1, 1] },
    ];
    expect(pairedBootstrap(pairs)).toEqual({ difference: 0.5, low: 0, high: 1 });
    // Forty videos, one up by 1: the interval runs from 0 to 2/40 (a resample holds it 0-2 times
    // 92% of the time), the difference is 1/40.
    const forty: Pair[] = Array.from({ length: 40 }, (_, i) => ({ saved: [0, 1], now: [i === 0 ? 1 : 0, 1] }));
    const { difference, low, high } = pairedBootstrap(forty);
    expect([difference, low]).toEqual([1 / 40, 0]);
    expect(high).toBeGreaterThanOrEqual(2 / 40);
    expect(high).toBeLessThanOrEqual(4 / 40);
  });

  it('prints the same intervals for the same runs', () => {
    const pairs: Pair[] = Array.from({ length: 30 }, (_, i) => ({ saved: [(i * 7) % 10, 1], now: [(i * 3) % 10, 1] }));
    expect(pairedBootstrap(pairs)).toEqual(pairedBootstrap(pairs));
    const { difference, low, high } = pairedBootstrap(pairs);
    expect(low).toBeLessThanOrEqual(difference);
    expect(high).toBeGreaterThanOrEqual(difference);
  });

  it('prints each difference with its sign and interval', () => {
    const saved = run('local analyzer', { a: { pk: 0.4 }, b: { pk: 0.4 } });
    const now = run('openai (gpt-6-luna)', { a: { pk: 0.3 }, b: { pk: 0.3 } });
    const table = formatComparison(compareRuns(saved, now), 'local.json', saved, 'openai (gpt-6-luna)');
    expect(table).not.toContain('Not every document');
    expect(table).toContain('### Against local.json (local analyzer; now openai (gpt-6-luna))');
    expect(table).toContain('| podcasts | Pk | 2 | .400 | .300 | -.100 (-.100 to -.100) | 2 / 0 |');
    expect(table).toContain('| podcasts | F1 ±3 | 2 | .500 | .500 | .000 (.000 to .000) | 0 / 0 |');
  });

  it('refuses a file that is not a saved run, saying which', () => {
    const dir = mkdtempSync(join(tmpdir(), 'findclips-runs-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ version: 2, levels: {} }));
    expect(() => readSavedRun(bad)).toThrow(`${bad} is not a run saved by --save (version 1)`);
    writeFileSync(bad, '{ not json');
    expect(() => readSavedRun(bad)).toThrow(`Cannot read the saved run ${bad}:`);
  });
});
