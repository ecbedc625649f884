import { mapLimited } from './chunks';

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
