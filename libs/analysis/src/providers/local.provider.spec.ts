import { sampleTranscript } from '@findclips/testing';
import { groundTopics } from '../grounding';
import { analyzeLocally } from './local.provider';

const wordsIn = (title: string) => title.split(/\s+/).length;

describe('the local analyzer', () => {
  it.each([300, 2700, 7200])('gives sensible topics and quotes for a %i-second transcript', (seconds) => {
    const segments = sampleTranscript(seconds);
    const output = analyzeLocally(segments);
    // About one topic per four minutes, at most twelve.
    const expected = Math.min(12, Math.round(segments.at(-1)!.end / 240));
    expect(output.topics.length).toBeGreaterThanOrEqual(Math.max(1, expected - 1));
    expect(output.topics.length).toBeLessThanOrEqual(12);

    const text = segments.map((s) => s.text).join(' ');
    for (const [i, topic] of output.topics.entries()) {
      expect(wordsIn(topic.title)).toBeGreaterThanOrEqual(2);
      expect(wordsIn(topic.title)).toBeLessThanOrEqual(9);
      expect(topic.endTime).toBeGreaterThan(topic.startTime);
      if (i > 0) expect(topic.startTime).toBeGreaterThanOrEqual(output.topics[i - 1]!.endTime);
      expect(topic.quotes.length).toBeGreaterThanOrEqual(1);
      for (const quote of topic.quotes) {
        expect(text).toContain(quote.content);
        expect(quote.endTime - quote.startTime).toBeLessThanOrEqual(60);
      }
    }
    // Everything it says survives grounding.
    expect(groundTopics(output, segments, segments.at(-1)!.end)).toHaveLength(output.topics.length);
  });

  it('finds the topic changes of the sample podcast, which speakers announce', () => {
    const segments = sampleTranscript(300);
    const starts = analyzeLocally(segments).topics.map((t) => segments.find((s) => s.start >= t.startTime)!.text);
    expect(starts[0]).toMatch(/^Let's talk about sleep/);
  });

  it('works on languages without a stop-word list and without punctuation', () => {
    const segments = Array.from({ length: 60 }, (_, i) => ({
      text: `第${i}段 我们讨论 睡眠 记忆 学习 ${i % 7}`,
      start: i * 5,
      end: i * 5 + 4.5,
    }));
    const output = analyzeLocally(segments);
    expect(output.topics.length).toBeGreaterThanOrEqual(1);
    expect(output.topics[0]!.quotes.length).toBeGreaterThanOrEqual(1);
  });

  it('returns no topics for an empty transcript', () => {
    expect(analyzeLocally([])).toEqual({ topics: [] });
  });
});
