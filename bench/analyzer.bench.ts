import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeTranscript, localProvider } from '@findclips/analysis';
import type { TranscriptSegment } from '@findclips/contracts';
import { JAPANESE_SAMPLE_TOPICS, sampleTranscript } from '@findclips/testing';
import { readEvalSet } from '../libs/analysis/src/eval/corpus';
import { asAutoCaptions } from '../libs/analysis/src/eval/evaluate';
import { machineReference, report, timeRuns } from './report';

/** The development set beside the project, read at run time (never copied in). */
const EVAL = join(__dirname, '..', '..', 'shared', 'eval');

/** What a user waits for with the built-in analyzer: the worker's pipeline, grounding included. */
const analyze = (segments: TranscriptSegment[]) => analyzeTranscript({ segments, provider: localProvider });

/**
 * The median and p90 of 15 runs after 5 warm-up runs, each run on the transcript `each` gives it
 * (its own, for text the analyzer has not read before, as every new video is).
 */
const time = (each: (run: number) => TranscriptSegment[]) => timeRuns(each, analyze, 5, 15);

/**
 * The built-in analyzer's own time (no process start) on transcripts of 15 minutes to 8 hours, the
 * size YouTube's caption tracks have (about 2,500 segments for 2.5 hours of speech), and the time
 * per segment to show it grows linearly; then on the longest real podcasts of the development set,
 * cut into auto-caption lines.
 */
it('local analyzer: time by transcript length', async () => {
  report('machine reference (bench/report.ts), before the analyzer', { 'median ms': machineReference() });
  for (const count of [312, 625, 1250, 2500, 5000, 10000]) {
    const segments = sampleTranscript(count * 5).slice(0, count);
    const { median, p90 } = await time(() => segments);
    report(`local analyzer, ${count} caption segments (${Math.round(segments.at(-1)!.end / 60)} min)`, {
      'median ms': median,
      'p90 ms': p90,
      'µs per segment': (median * 1000) / segments.length,
    });
  }
  // Japanese, whose sentences go through the platform's word dictionary (ICU): each run's lines
  // numbered anew, so no run reads a sentence an earlier one read.
  const japanese = sampleTranscript(5_000, { topics: JAPANESE_SAMPLE_TOPICS }).slice(0, 2500);
  const renumbered = (run: number) =>
    japanese.map((segment, line) => ({ ...segment, text: segment.text.replace(/[。！？]$/, `${run}-${line}$&`) }));
  const { median, p90 } = await time(renumbered);
  report(`local analyzer, 2500 caption segments in Japanese (${Math.round(japanese.at(-1)!.end / 60)} min)`, {
    'median ms': median,
    'p90 ms': p90,
    'µs per segment': (median * 1000) / japanese.length,
  });
  // Without the set, a run would report only half of what it promises: it says so instead.
  if (!existsSync(join(EVAL, 'index.json'))) throw new Error(`No evaluation set at ${EVAL}: ../shared/eval beside the checkout`);
  const longest = readEvalSet(EVAL)
    .filter((d) => d.corpus === 'podcasts')
    .sort((a, b) => b.segments.at(-1)!.end - a.segments.at(-1)!.end)
    .slice(0, 3);
  for (const document of longest) {
    const segments = asAutoCaptions(document).segments;
    const { median, p90 } = await time(() => segments);
    report(
      `local analyzer, a real podcast of ${Math.round(segments.at(-1)!.end / 60)} min as ${segments.length} auto-caption lines`,
      {
        'median ms': median,
        'p90 ms': p90,
        'µs per segment': (median * 1000) / segments.length,
      },
    );
  }
  report('machine reference (bench/report.ts), after the analyzer', { 'median ms': machineReference() });
});
