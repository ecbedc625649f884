import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeTranscript, localProvider } from '@findclips/analysis';
import type { TranscriptSegment } from '@findclips/contracts';
import { sampleTranscript } from '@findclips/testing';
import { readEvalSet } from '../libs/analysis/src/eval/corpus';
import { asAutoCaptions } from '../libs/analysis/src/eval/evaluate';
import { percentile, report } from './report';

/** The development set beside the project, read at run time (never copied in). */
const EVAL = join(__dirname, '..', '..', 'shared', 'eval');

/** What a user waits for with the built-in analyzer: the worker's pipeline, grounding included. */
const analyze = (segments: TranscriptSegment[]) => analyzeTranscript({ segments, provider: localProvider });

/** The median and p90 of 15 runs after 5 warm-up runs. */
async function time(segments: TranscriptSegment[]) {
  for (let i = 0; i < 5; i++) await analyze(segments);
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    await analyze(segments);
    times.push(performance.now() - started);
  }
  return { median: percentile(times, 50), p90: percentile(times, 90) };
}

/**
 * The built-in analyzer's own time (no process start) on transcripts of 15 minutes to 8 hours, the
 * size YouTube's caption tracks have (about 2,500 segments for 2.5 hours of speech), and the time
 * per segment to show it grows linearly; then on the longest real podcasts of the development set,
 * cut into auto-caption lines.
 */
it('local analyzer: time by transcript length', async () => {
  for (const count of [312, 625, 1250, 2500, 5000, 10000]) {
    const segments = sampleTranscript(count * 5).slice(0, count);
    const { median, p90 } = await time(segments);
    report(`local analyzer, ${count} caption segments (${Math.round(segments.at(-1)!.end / 60)} min)`, {
      'median ms': median,
      'p90 ms': p90,
      'µs per segment': (median * 1000) / segments.length,
    });
  }
  // Without the set, a run would report only half of what it promises: it says so instead.
  if (!existsSync(join(EVAL, 'index.json'))) throw new Error(`No evaluation set at ${EVAL}: ../shared/eval beside the checkout`);
  const longest = readEvalSet(EVAL)
    .filter((d) => d.corpus === 'podcasts')
    .sort((a, b) => b.segments.at(-1)!.end - a.segments.at(-1)!.end)
    .slice(0, 3);
  for (const document of longest) {
    const segments = asAutoCaptions(document).segments;
    const { median, p90 } = await time(segments);
    report(
      `local analyzer, a real podcast of ${Math.round(segments.at(-1)!.end / 60)} min as ${segments.length} auto-caption lines`,
      {
        'median ms': median,
        'p90 ms': p90,
        'µs per segment': (median * 1000) / segments.length,
      },
    );
  }
});
