import { chunkTranscript, mapLimited, mergeChunkTopics } from './chunks';

describe('the chunks of a long video, a few at a time', () => {
  it('starts no further chunk once one has failed: its provider call would be paid for nothing', async () => {
    const started: number[] = [];
    const run = mapLimited([0, 1, 2, 3, 4, 5], 4, async (item) => {
      started.push(item);
      if (item === 0) throw new Error('content policy');
      await new Promise((resolve) => setTimeout(resolve, 20));
      return item;
    });
    await expect(run).rejects.toThrow('content policy');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('keeps the order of the results, at most `limit` running at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapLimited([30, 10, 20, 5, 15], 2, async (ms, index) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running--;
      return index;
    });
    expect(results).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });
});

describe('the topics of overlapping chunks, merged', () => {
  const topic = (title: string, startTime: number, endTime: number, quotes = 1) => ({
    title,
    startTime,
    endTime,
    quotes: Array.from({ length: quotes }, (_, i) => ({
      content: `${title} ${i}`,
      startTime: startTime + i,
      endTime: startTime + i + 10,
    })),
  });

  it('keeps one of two topics covering mostly the same time: the one with more quotes', () => {
    const merged = mergeChunkTopics([
      { output: { topics: [topic('Hiring', 0, 600, 2), topic('Pricing', 600, 1_800, 1)] }, from: 0, to: 1_800 },
      // The next chunk starts at 1,400 s: it sees the end of 'Pricing' again, as a topic of its own
      // from 1,500 s (its first 100 s it gave no topic).
      { output: { topics: [topic('Pricing again', 1_500, 1_900, 3), topic('Growth', 1_900, 3_000, 2)] }, from: 1_400, to: 3_000 },
    ]);
    expect(merged.topics.map(({ title, startTime, endTime }) => [title, startTime, endTime])).toEqual([
      ['Hiring', 0, 600],
      // They share over half of the shorter (300 of 'Pricing again''s 400 s): 'Pricing again', with
      // more quotes, stays, and 'Pricing' goes as its duplicate.
      ['Pricing again', 1_500, 1_900],
      ['Growth', 1_900, 3_000],
    ]);
  });

  it('trims a topic that runs into the next, keeping both when they share less than half of the shorter', () => {
    // 'Hiring' ends 60 s before its chunk does: no edge cut it.
    const merged = mergeChunkTopics([
      { output: { topics: [topic('Hiring', 0, 700, 1)] }, from: 0, to: 760 },
      { output: { topics: [topic('Pricing', 600, 1_800, 1)] }, from: 600, to: 1_800 },
    ]);
    expect(merged.topics.map(({ title, startTime, endTime }) => [title, startTime, endTime])).toEqual([
      ['Hiring', 0, 600],
      ['Pricing', 600, 1_800],
    ]);
  });

  const rows = (topics: { title: string; startTime: number; endTime: number; quotes: { startTime: number }[] }[]) =>
    topics.map(({ title, startTime, endTime, quotes }) => [title, startTime, endTime, quotes.map((q) => q.startTime)]);

  it("joins a topic a chunk's edge cut in two: both chunks read their overlap as that topic going on", () => {
    const quote = (startTime: number) => ({ content: `said at ${startTime}`, startTime, endTime: startTime + 20 });
    // Chunks of 20 minutes overlapping by 60 s; pricing runs from 600 s to 1,500 s, across the edge,
    // and both chunks quote its line at 1,150 s.
    const pricing = { title: 'Pricing', startTime: 600, endTime: 1_200, quotes: [quote(700), quote(1_150)] };
    const plans = { title: 'Pricing plans', startTime: 1_140, endTime: 1_500, quotes: [quote(1_150), quote(1_300)] };
    const merged = mergeChunkTopics([
      { output: { topics: [topic('Hiring', 0, 600, 1), pricing] }, from: 0, to: 1_200 },
      { output: { topics: [plans, topic('Growth', 1_500, 2_340, 1)] }, from: 1_140, to: 2_340 },
      { output: { topics: [topic('Funding', 2_280, 3_600, 1)] }, from: 2_280, to: 3_600 },
    ]);
    expect(rows(merged.topics)).toEqual([
      ['Hiring', 0, 600, [0]],
      // Named by its longer part (600 s against 360 s), with the quotes of both, the line both quote once.
      ['Pricing', 600, 1_500, [700, 1_150, 1_300]],
      ['Growth', 1_500, 2_280, [1_500]],
      ['Funding', 2_280, 3_600, [2_280]],
    ]);
  });

  it('keeps apart what a boundary inside the overlap separates, and a join that would be over 35% of the video', () => {
    // Growth starts at 1,170 s, inside the overlap: the first chunk's last topic starts there.
    const inside = mergeChunkTopics([
      { output: { topics: [topic('Pricing', 600, 1_170, 2), topic('Growth', 1_170, 1_200, 1)] }, from: 0, to: 1_200 },
      { output: { topics: [topic('Pricing', 1_140, 1_170, 1), topic('Growth', 1_170, 2_400, 2)] }, from: 1_140, to: 2_400 },
    ]);
    expect(rows(inside.topics).map(([title, start, end]) => [title, start, end])).toEqual([
      ['Pricing', 600, 1_170],
      ['Growth', 1_170, 2_400],
    ]);
    // Both reach across the edge of a 1-hour video, but together they would be 40 minutes of it.
    const long = mergeChunkTopics([
      { output: { topics: [topic('Pricing', 0, 1_200, 1)] }, from: 0, to: 1_200 },
      { output: { topics: [topic('Growth', 1_140, 2_400, 1)] }, from: 1_140, to: 2_400 },
      { output: { topics: [topic('Funding', 2_400, 3_600, 1)] }, from: 2_340, to: 3_600 },
    ]);
    expect(long.topics.map(({ title, startTime }) => [title, startTime])).toEqual([
      ['Pricing', 0],
      ['Growth', 1_140],
      ['Funding', 2_400],
    ]);
  });

  it('does not join the halves of a chunk, which share no overlap to tell a topic going on', () => {
    const merged = mergeChunkTopics([
      { output: { topics: [topic('Pricing', 0, 600, 1)] }, from: 0, to: 600 },
      { output: { topics: [topic('Growth', 600, 1_200, 1)] }, from: 600, to: 1_200 },
      { output: { topics: [topic('Funding', 1_200, 3_600, 1)] }, from: 1_200, to: 3_600 },
    ]);
    expect(merged.topics.map(({ title }) => title)).toEqual(['Pricing', 'Growth', 'Funding']);
  });

  it('drops topics without length, and one inside a topic kept before it', () => {
    const merged = mergeChunkTopics([
      { output: { topics: [topic('Empty', 100, 100, 5), topic('Long', 0, 1_000, 1)] }, from: 0, to: 1_000 },
      { output: { topics: [topic('Inside', 940, 990, 1)] }, from: 940, to: 2_000 },
    ]);
    // 'Inside' shares all of itself with 'Long': a duplicate of the one kept before it.
    expect(merged.topics.map(({ title }) => title)).toEqual(['Long']);
  });
});

describe('the chunks of a long transcript', () => {
  it('cuts a long transcript into overlapping chunks, a short tail joined to the chunk before it', () => {
    const lines = Array.from({ length: 200 }, (_, i) => ({ text: `Line ${i}.`, start: i * 10, end: i * 10 + 10 }));
    const chunks = chunkTranscript(lines, 1000, 60);
    expect(chunks.map((c) => [c[0]!.start, c.at(-1)!.end])).toEqual([
      [0, 1000],
      [940, 2000],
    ]);
    // Up to a fifth longer than a chunk: one chunk.
    expect(chunkTranscript(lines.slice(0, 119), 1000, 60)).toHaveLength(1);
  });
});
