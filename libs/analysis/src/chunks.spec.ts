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
      { topics: [topic('Hiring', 0, 600, 2), topic('Pricing', 600, 1_800, 1)] },
      // The next chunk starts at 1,500 s: it sees the end of 'Pricing' again, as a topic of its own.
      { topics: [topic('Pricing again', 1_500, 1_900, 3), topic('Growth', 1_900, 3_000, 2)] },
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
    const merged = mergeChunkTopics([{ topics: [topic('Hiring', 0, 700, 1)] }, { topics: [topic('Pricing', 600, 1_800, 1)] }]);
    expect(merged.topics.map(({ title, startTime, endTime }) => [title, startTime, endTime])).toEqual([
      ['Hiring', 0, 600],
      ['Pricing', 600, 1_800],
    ]);
  });

  it('drops topics without length, and one inside a topic kept before it', () => {
    const merged = mergeChunkTopics([
      { topics: [topic('Empty', 100, 100, 5), topic('Long', 0, 1_000, 1)] },
      { topics: [topic('Inside', 0, 400, 1)] },
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
