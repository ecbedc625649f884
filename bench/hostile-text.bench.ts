import { analyzeTranscript, localProvider } from '@findclips/analysis';
import type { TranscriptSegment } from '@findclips/contracts';
import { analysisSrt } from '@findclips/exports';
import { report, timeRuns } from './report';

/** The median and p90 of 7 runs after 2 warm-up runs, in the report's words. */
async function time(work: () => unknown) {
  const { median, p90 } = await timeRuns(() => undefined, work, 2, 7);
  return { 'median ms': median, 'p90 ms': p90 };
}

/** Three Korean sentences of our own, said in turn a line every 7 s, around one line of `middle`. */
function koreanTalk(middle: string): TranscriptSegment[] {
  const sentences = ['오늘은 날씨가 아주 맑습니다.', '우리는 공원에서 산책을 했어요.', '저녁에는 친구와 김치찌개를 먹었습니다.'];
  const lines = [
    ...Array.from({ length: 60 }, (_, i) => sentences[i % 3]!),
    middle,
    ...Array.from({ length: 60 }, (_, i) => sentences[i % 3]!),
  ];
  return lines.map((text, i) => ({ text, start: i * 7, end: (i + 1) * 7 - 0.5 }));
}

/**
 * Text no person says but anyone can send, through the code a user's request runs. Each once took
 * far longer (titles cut by a pattern tried from every syllable: 20 s; subtitles wrapped in time
 * quadratic in the line), and their unit tests check what it gives, not how long it takes.
 */
it('hostile text: a caption of 100,000 syllables without a space, a quote of 20,000 dots in subtitles', async () => {
  const segments = koreanTalk('가나다라마바사'.repeat(100_000 / 7));
  report('local analyzer, a Korean talk with one caption line of 100,000 syllables without a space or a stop', {
    ...(await time(() => analyzeTranscript({ segments, provider: localProvider }))),
  });
  const dots = '.'.repeat(20_000);
  const topics = [
    { id: 't', title: 'T', startTime: 0, endTime: 600, quotes: [{ id: 'q', content: dots, startTime: 10, endTime: 400 }] },
  ];
  report('subtitles (.srt) of a quote of 20,000 dots, wrapped at 42 characters a line', {
    ...(await time(() => analysisSrt(topics))),
  });
});
