import { analyzeLocally } from '@findclips/analysis';
import { sampleTranscript } from '@findclips/testing';
import { percentile, report } from './report';

/**
 * The built-in analyzer's own time (no process start), on transcripts of 15 minutes to 8 hours,
 * the size YouTube's caption tracks have (about 2,500 segments for 2 hours of speech): the median
 * of 15 runs after 5 warm-up runs, and the time per segment to show it grows linearly.
 */
it('local analyzer: time by transcript length', () => {
  for (const count of [312, 625, 1250, 2500, 5000, 10000]) {
    const segments = sampleTranscript(count * 5).slice(0, count);
    for (let i = 0; i < 5; i++) analyzeLocally(segments);
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      analyzeLocally(segments);
      times.push(performance.now() - started);
    }
    const median = percentile(times, 50);
    report(`local analyzer, ${count} caption segments (${Math.round(segments.at(-1)!.end / 60)} min)`, {
      'median ms': median,
      'p90 ms': percentile(times, 90),
      'µs per segment': (median * 1000) / segments.length,
    });
  }
});
