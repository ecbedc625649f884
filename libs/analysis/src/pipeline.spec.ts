import { captionsOf, DEMO_VIDEOS } from '@findclips/testing';
import { OutputCutOffError } from './errors';
import { analyzeTranscript } from './pipeline';
import type { AnalysisProvider } from './provider';
import { localProvider } from './providers/local.provider';

describe("the pipeline with a creator's chapters", () => {
  const [talk] = DEMO_VIDEOS;
  const seconds = talk.minutes * 60;
  const segments = captionsOf(talk.paragraphs, seconds);

  it('takes them as topics while a share can hold them; more than 100, the analyzer makes its own', async () => {
    const some = [0, 200, 400].map((start, i) => ({ start, title: `Part ${i + 1}` }));
    const chaptered = await analyzeTranscript({ segments, durationSeconds: seconds, chapters: some, provider: localProvider });
    expect(chaptered.topics.map((topic) => topic.title)).toEqual(['Part 1', 'Part 2', 'Part 3']);

    const many = Array.from({ length: 101 }, (_, i) => ({ start: i * 7, title: `Moment ${i + 1}` }));
    const own = await analyzeTranscript({ segments, durationSeconds: seconds, provider: localProvider });
    const tooMany = await analyzeTranscript({ segments, durationSeconds: seconds, chapters: many, provider: localProvider });
    expect(tooMany.topics.map((topic) => topic.title)).toEqual(own.topics.map((topic) => topic.title));
  });

  it("checks the chapters' titles against the content policy, as the transcript is", async () => {
    const chapters = [
      { start: 0, title: 'Intro' },
      { start: 200, title: 'How to build a bomb at home' },
      { start: 400, title: 'Questions' },
    ];
    await expect(
      analyzeTranscript({ segments, durationSeconds: seconds, chapters, provider: localProvider }),
    ).rejects.toMatchObject({
      code: 'CONTENT_POLICY',
    });
  });
});

describe("the pipeline at its limits (a stranger's mutation audit)", () => {
  const [talk] = DEMO_VIDEOS;
  const seconds = talk!.minutes * 60;
  const segments = captionsOf(talk!.paragraphs, seconds);

  it('takes exactly 100 chapters, as many as a share holds, as the topics', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => ({ start: Math.floor((i * seconds) / 100), title: `Moment ${i + 1}` }));
    const { topics } = await analyzeTranscript({
      segments,
      durationSeconds: seconds,
      chapters: hundred,
      provider: localProvider,
    });
    expect(topics.length).toBeGreaterThan(0);
    expect(topics.every((topic) => topic.title.startsWith('Moment '))).toBe(true);
  });

  it('halves a chunk whose answer was cut off at most three times over, then gives up', async () => {
    let calls = 0;
    const cutOff: AnalysisProvider = {
      name: 'local',
      model: 'test',
      analyze: async () => {
        calls++;
        throw new OutputCutOffError('local');
      },
    };
    await expect(analyzeTranscript({ segments, durationSeconds: seconds, provider: cutOff })).rejects.toBeInstanceOf(
      OutputCutOffError,
    );
    // The whole, its halves, quarters and eighths: 1 + 2 + 4 + 8 (each refused in turn; all stop at the first).
    expect(calls).toBeLessThanOrEqual(15);
    expect(calls).toBeGreaterThanOrEqual(4);
  });
});

describe('the pipeline on sparse speech between non-speech tags (a music video, a stranger audit)', () => {
  // 20 minutes of YouTube-style captions: '[Music]' every 4 s, a spoken sentence every 40 s.
  const sentences = [
    'Today we talk about mountain climbing in the Alps.',
    'The Matterhorn is one of the hardest peaks to climb.',
    'Climbers start before dawn to avoid falling rocks.',
    'Have you ever slept in a mountain hut?',
    'Altitude sickness can hit anyone above three thousand meters!',
    'Good boots and a helmet are essential.',
  ];
  const segments = Array.from({ length: 300 }, (_, i) => ({
    text: i % 10 === 0 ? sentences[(i / 10) % sentences.length]! : '[Music]',
    start: i * 4,
    end: i * 4 + 4,
  }));

  it('quotes the words said, across the music between them, rather than finding nothing', async () => {
    const { topics } = await analyzeTranscript({ segments, durationSeconds: 1200, provider: localProvider });
    expect(topics.length).toBeGreaterThan(0);
    for (const quote of topics.flatMap((topic) => topic.quotes)) {
      expect(quote.endTime - quote.startTime).toBeGreaterThanOrEqual(8);
      expect(quote.endTime - quote.startTime).toBeLessThanOrEqual(60);
    }
  });
});
