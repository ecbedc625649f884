/** How the fake model answers one call. */
export type FakeModelBehaviour =
  | 'ok'
  /** Quotes invented or paraphrased, and times outside the video. */
  | 'inventive'
  /** Text that is not JSON. */
  | 'invalid-json'
  /** An HTTP 429 with the provider's error body. */
  | 'rate-limit'
  /** An HTTP 500. */
  | 'server-error'
  /** No answer at all until the server closes. */
  | 'hang'
  /** The provider's safety system refuses the prompt. */
  | 'blocked';

interface Line {
  start: number;
  end: number;
  text: string;
}

/** The "[12.0-17.5] text" lines of our prompt. */
export function parseTimedLines(prompt: string): Line[] {
  return [...prompt.matchAll(/^\[(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)\] (.*)$/gm)].map((m) => ({
    start: Number(m[1]),
    end: Number(m[2]),
    text: m[3]!,
  }));
}

/**
 * A deterministic stand-in for a model: three topics over the lines it was given, each with one
 * quote copied from the middle of the topic. `inventive` adds what a careless model would.
 */
export function fakeAnalysis(prompt: string, behaviour: FakeModelBehaviour): string {
  if (behaviour === 'invalid-json') return 'Sure! Here are the topics: {"topics": [';
  const lines = parseTimedLines(prompt);
  if (lines.length === 0) return JSON.stringify({ topics: [] });
  const duration = Number(/Video length: (\d+)/.exec(prompt)?.[1] ?? lines.at(-1)?.end ?? 0);
  const parts = Math.min(3, Math.max(1, Math.floor(lines.length / 6)));
  const size = Math.floor(lines.length / parts);
  const topics = Array.from({ length: parts }, (_, k) => {
    const slice = lines.slice(k * size, k === parts - 1 ? lines.length : (k + 1) * size);
    const middle = Math.floor(slice.length / 2);
    const quoted = slice.slice(middle, middle + 3);
    const quotes = [{ content: quoted.map((l) => l.text).join(' '), startTime: quoted[0]!.start, endTime: quoted.at(-1)!.end }];
    if (behaviour === 'inventive') {
      quotes.push({ content: 'This sentence was never said by anyone in the video at all.', startTime: 5, endTime: 12 });
      const words = quoted[0]!.text.split(' ');
      quotes.push({
        content: words.filter((_w, i) => i !== 1).join(' '),
        startTime: quoted[0]!.start + 3,
        endTime: quoted[0]!.end + 3,
      });
    }
    return {
      title: `Topic ${k + 1}: ${slice[0]!.text.split(' ').slice(0, 4).join(' ')}`,
      startTime: behaviour === 'inventive' && k === 0 ? -30 : slice[0]!.start,
      endTime: behaviour === 'inventive' && k === parts - 1 ? duration + 500 : slice.at(-1)!.end,
      quotes,
    };
  });
  return JSON.stringify({ topics });
}

/** A queue of behaviours: each call takes the next one, then `ok` once the queue is empty. */
export class Script {
  private queue: FakeModelBehaviour[] = [];
  constructor(private fallback: FakeModelBehaviour = 'ok') {}
  next(): FakeModelBehaviour {
    return this.queue.shift() ?? this.fallback;
  }
  then(...behaviours: FakeModelBehaviour[]) {
    this.queue.push(...behaviours);
    return this;
  }
  always(behaviour: FakeModelBehaviour) {
    this.queue = [];
    this.fallback = behaviour;
    return this;
  }
}
