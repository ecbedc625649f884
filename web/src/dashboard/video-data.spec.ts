import { oneTopicAnalysis } from '@findclips/testing';
import { fetchAnalysis, UNREADABLE_TOPICS, withTopics } from './video-data';

const VIDEO = 'dQw4w9WgXcQ';
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const analysis = (title: string) => ({ videoId: VIDEO, analyzedTopics: oneTopicAnalysis().map((t) => ({ ...t, title })) });

/** The app's fetch answered by `routes` (a path to a promise of its answer), and the paths it asked, in order. */
function fakeFetch(routes: Record<string, () => Promise<Response>>) {
  const asked: string[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    asked.push(path);
    return routes[path]?.() ?? Promise.resolve(answer(404, { message: 'Not found' }));
  }) as typeof fetch;
  return { asked, restore: () => (globalThis.fetch = original) };
}

describe("the analysis of the page's video", () => {
  it("asks a member's own and the shared one at once, and reads the shared one when they have none of their own", async () => {
    let ownAnswer: (response: Response) => void = () => undefined;
    const api = fakeFetch({
      [`/api/user-videos/${VIDEO}`]: () => new Promise((resolve) => (ownAnswer = resolve)),
      [`/api/cached-videos/${VIDEO}`]: async () => answer(200, analysis('Shared')),
    });
    try {
      const fetched = fetchAnalysis(VIDEO, true);
      // Both asked before the member's own has answered: one round trip, not two in a row.
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(api.asked.sort()).toEqual([`/api/cached-videos/${VIDEO}`, `/api/user-videos/${VIDEO}`]);
      ownAnswer(answer(404, { message: 'Analysis not found' }));
      expect((await fetched)?.analyzedTopics[0]?.title).toBe('Shared');
    } finally {
      api.restore();
    }
  });

  it("reads a member's own analysis when there is one, whatever the shared one answers", async () => {
    const api = fakeFetch({
      [`/api/user-videos/${VIDEO}`]: async () => answer(200, analysis('Mine')),
      [`/api/cached-videos/${VIDEO}`]: async () => answer(503, { message: 'The service is temporarily unavailable.' }),
    });
    try {
      expect((await fetchAnalysis(VIDEO, true))?.analyzedTopics[0]?.title).toBe('Mine');
    } finally {
      api.restore();
    }
  });

  it("says the shared one's failure when the member has none of their own, and none when neither exists", async () => {
    const failing = fakeFetch({
      [`/api/cached-videos/${VIDEO}`]: async () => answer(503, { message: 'The service is temporarily unavailable.' }),
    });
    try {
      await expect(fetchAnalysis(VIDEO, true)).rejects.toThrow('The service is temporarily unavailable.');
    } finally {
      failing.restore();
    }
    const none = fakeFetch({});
    try {
      expect(await fetchAnalysis(VIDEO, true)).toBeNull();
      // A guest asks for the shared one alone.
      expect(await fetchAnalysis(VIDEO, false)).toBeNull();
      expect(none.asked.filter((path) => path.startsWith('/api/user-videos/'))).toHaveLength(1);
    } finally {
      none.restore();
    }
  });

  it("reads the shared one when asking for the member's own is refused as from nobody signed in (401 means none)", async () => {
    const api = fakeFetch({
      [`/api/user-videos/${VIDEO}`]: async () => answer(401, { message: 'Not authenticated' }),
      [`/api/cached-videos/${VIDEO}`]: async () => answer(200, analysis('Shared')),
    });
    try {
      expect((await fetchAnalysis(VIDEO, true))?.analyzedTopics[0]?.title).toBe('Shared');
    } finally {
      api.restore();
    }
  });

  it("says the member's own one's failure rather than showing the shared one in its place", async () => {
    const api = fakeFetch({
      [`/api/user-videos/${VIDEO}`]: async () => answer(503, { message: 'The service is temporarily unavailable.' }),
      [`/api/cached-videos/${VIDEO}`]: async () => answer(200, analysis('Shared')),
    });
    try {
      await expect(fetchAnalysis(VIDEO, true)).rejects.toThrow('The service is temporarily unavailable.');
    } finally {
      api.restore();
    }
  });

  it('reads topics sent as a JSON string, a first topic at 0:00 included, and refuses one without a title', () => {
    const topics = [
      {
        id: 't1',
        title: 'Opening',
        startTime: 0,
        endTime: 60,
        quotes: [{ id: 'q1', content: 'Hello.', startTime: 0, endTime: 4 }],
      },
    ];
    expect(withTopics({ analyzedTopics: JSON.stringify(topics) }).analyzedTopics).toEqual(topics);
    expect(() => withTopics({ analyzedTopics: JSON.stringify([{ ...topics[0], title: '' }]) })).toThrow(UNREADABLE_TOPICS);
  });
});
