import { sampleTranscript } from '@findclips/testing';
import { groundQuote, groundTopics, indexTranscript } from './grounding';

const segments = [
  { text: 'Welcome back to the show.', start: 0, end: 3 },
  { text: 'Today we talk about sleep and memory,', start: 3, end: 6.5 },
  { text: 'because students who slept remembered forty percent more.', start: 6.5, end: 10 },
  { text: 'That is a huge effect.', start: 10, end: 12 },
  { text: 'Now, about caffeine.', start: 60, end: 62 },
  { text: 'Welcome back to the show.', start: 120, end: 123 },
];

describe('grounding', () => {
  const index = indexTranscript(segments);

  it('replaces a paraphrased quote by the verbatim text, with the times of its captions', () => {
    expect(groundQuote(index, 'students that slept remembered 40 percent more', 7)).toBeNull();
    expect(groundQuote(index, 'because the students who slept remembered forty percent more. That is a huge effect', 6)).toEqual({
      content: 'because students who slept remembered forty percent more. That is a huge effect.',
      startTime: 6.5,
      endTime: 12,
    });
  });

  it('drops a quote the transcript never says', () => {
    expect(groundQuote(index, 'Coffee is the secret to a long and happy life', 30)).toBeNull();
  });

  it('takes the occurrence nearest the claimed time when a sentence repeats', () => {
    expect(groundQuote(index, 'Welcome back to the show', 118)).toMatchObject({ startTime: 120, endTime: 123 });
    expect(groundQuote(index, 'Welcome back to the show', 2)).toMatchObject({ startTime: 0, endTime: 3 });
  });

  it('clamps and orders topics, and drops topics left without quotes', () => {
    const topics = groundTopics(
      {
        topics: [
          {
            title: 'Caffeine',
            startTime: 55,
            endTime: 999,
            quotes: [{ content: 'Now, about caffeine.', startTime: 60, endTime: 62 }],
          },
          {
            title: '  Sleep   and memory ',
            startTime: -20,
            endTime: 15,
            quotes: [{ content: 'we talk about sleep and memory', startTime: 3, endTime: 6 }],
          },
          {
            title: 'Invented',
            startTime: 20,
            endTime: 40,
            quotes: [{ content: 'nobody ever said these words here', startTime: 20, endTime: 30 }],
          },
        ],
      },
      segments,
      130,
    );
    expect(topics.map((t) => [t.title, t.startTime, t.endTime])).toEqual([
      ['Sleep and memory', 0, 15],
      ['Caffeine', 55, 130],
    ]);
    // A trailing comma is left out: a quote ends on a word or a sentence's end.
    expect(topics[0]!.quotes[0]).toMatchObject({
      content: 'we talk about sleep and memory',
      startTime: 3,
      endTime: 6.5,
      id: expect.any(String),
    });
  });

  it('grounds every quote of a 2-hour transcript quickly', () => {
    const long = sampleTranscript(7200);
    const started = performance.now();
    const bigIndex = indexTranscript(long);
    const quote = long
      .slice(700, 703)
      .map((s) => s.text)
      .join(' ');
    expect(groundQuote(bigIndex, quote, long[700]!.start)).toMatchObject({
      startTime: long[700]!.start,
      endTime: long[702]!.end,
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
