import { conversationStart, expectedTopics, segmentTopics, splitLikelihoods } from './segmentation';

/** The Dirichlet-multinomial log-likelihood of one topic's words, term by term. */
function topicLikelihood(words: number[], vocabulary: number, prior: number): number {
  const counts = new Map<number, number>();
  let value = 0;
  words.forEach((word, total) => {
    const seen = counts.get(word) ?? 0;
    value += Math.log(seen + prior) - Math.log(total + vocabulary * prior);
    counts.set(word, seen + 1);
  });
  return value;
}

describe('segmentation', () => {
  it('scores each split of a window as two topics, as the likelihood of each alone', () => {
    let seed = 7;
    const random = (n: number) => (seed = (seed * 16807) % 2147483647) % n;
    for (let round = 0; round < 50; round++) {
      const size = 3 + random(8);
      const unitTerms = Array.from({ length: 6 + random(20) }, () => Array.from({ length: random(5) }, () => random(size)));
      const from = random(3);
      const to = unitTerms.length - random(3);
      const lo = from + random(to - from);
      const hi = lo + random(to - lo);
      const values = splitLikelihoods({ size, unitTerms }, from, lo, hi, to, 0.08);
      for (let i = lo; i <= hi; i++) {
        const expected =
          topicLikelihood(unitTerms.slice(from, i).flat(), size, 0.08) +
          topicLikelihood(unitTerms.slice(i, to).flat(), size, 0.08);
        expect(values[i - lo]).toBeCloseTo(expected, 9);
      }
    }
  });

  it('still places boundaries on what speakers say where no word is a content word', () => {
    // 40 minutes of filler, a topic opened every 200 s. Before, the likelihood's cost of 0 made
    // every placement NaN and the boundaries stayed on their blocks' edges (420, 810).
    const units = Array.from({ length: 1200 }, (_, i) => ({
      text: i % 100 === 0 ? "So, let's talk about it." : 'And we do it so.',
      start: i * 2,
      end: i * 2 + 2,
      terms: [],
    }));
    const starts = segmentTopics(units, new Map(), 10);
    expect(starts).toEqual(expect.arrayContaining([400, 800]));
    expect(starts.filter((i) => i > 100 && i % 100 !== 0)).toEqual([]);
  });
});

describe('the last topic', () => {
  /** Ten minutes on buses, then `closing` 5-second lines on bakeries. */
  const talk = (closing: number) => {
    const unit = (text: string, i: number, terms: string[]) => ({ text, start: i * 5, end: i * 5 + 5, terms });
    return [
      ...Array.from({ length: 120 }, (_, i) =>
        unit(i % 20 === 0 ? "So, let's talk about buses." : 'Buses and lanes and riders.', i, ['buses', 'lanes', 'riders']),
      ),
      ...Array.from({ length: closing }, (_, i) =>
        unit(i === 0 ? "Okay, now let's talk about bakeries." : 'Bakeries and ovens and bread.', 120 + i, [
          'bakeries',
          'ovens',
          'bread',
        ]),
      ),
    ];
  };

  it('is no shorter than half a minimum topic (30 s): a closing aside joins the topic before', () => {
    expect(segmentTopics(talk(5), new Map())).toEqual([0]);
    expect(segmentTopics(talk(8), new Map())).toEqual([0, 120]);
  });
});

describe("a conversation's opening no caption can make slow (a stranger sweeping for backtracking patterns)", () => {
  it("reads only a unit's first words for the host's welcome: a run of 30,000 'thanks-' took 12 s", () => {
    const unit = (text: string, start: number) => ({ text, start, end: start + 10, terms: [] });
    const welcome = [
      unit('A teaser of the best bits.', 0),
      unit('And more of them.', 40),
      unit('Welcome back to the show, everyone.', 70),
    ];
    expect(conversationStart(welcome)).toBe(2);
    const long = [
      unit('A teaser of the best bits.', 0),
      unit('And more of them.', 40),
      unit(`um ${'thanks-'.repeat(60_000)}x`, 70),
    ];
    expect(conversationStart(long)).toBe(-1);
  });
});

describe("how many topics a short video gets (a stranger's mutation audit)", () => {
  it('gives a video under 3 minutes one topic at most, and one of 3 minutes three', () => {
    expect(expectedTopics(179)).toBe(1);
    expect(expectedTopics(150)).toBe(1);
    expect(expectedTopics(180)).toBe(3);
  });

  it('leaves a transcript of fewer than 8 sentences one topic, however its subject changes', () => {
    const said = [
      'So today we talk about bus lanes and bus riders.',
      'Bus lanes carry bus riders past traffic.',
      'Bus riders love bus lanes.',
      'Okay now let us turn to bakery ovens and bread.',
      'Bakery ovens burn bread and flour.',
      'Bread from bakery ovens goes to waste.',
      'Bakery bread waste fell by half.',
    ];
    const units = said.map((text, i) => ({
      text,
      start: i * 60,
      end: i * 60 + 60,
      terms: text
        .toLowerCase()
        .replace(/[.]/g, '')
        .split(' ')
        .filter((w) => w.length > 3),
    }));
    expect(segmentTopics(units, new Map(), 24)).toEqual([0]);
  });
});
