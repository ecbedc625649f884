import { joinSegments, sentenceSpans, sentencesOf } from './sentences';

/** Caption lines of `perLine` words cut wherever they fall, 3 s each, as auto-captions are. */
function autoCaptions(text: string, perLine = 9) {
  const all = text.split(' ');
  const lines = [];
  for (let i = 0; i < all.length; i += perLine) {
    lines.push({ text: all.slice(i, i + perLine).join(' '), start: (i / perLine) * 3, end: (i / perLine + 1) * 3 });
  }
  return lines;
}

describe('sentences of a transcript', () => {
  it('splits punctuated captions after their punctuation, with times interpolated by characters', () => {
    const sentences = sentencesOf([
      { text: 'Bus lanes move more people. Cars', start: 0, end: 10 },
      { text: 'wait longer at lights! Why?', start: 10, end: 20 },
    ]);
    expect(sentences.map((s) => s.text)).toEqual(['Bus lanes move more people.', 'Cars wait longer at lights!', 'Why?']);
    expect(sentences[1]!.start).toBeGreaterThan(8);
    expect(sentences[1]!.start).toBeLessThan(10);
    expect(sentences[1]!.segment).toBe(0);
  });

  it('reads dotted initials before a lower-case word, and titles before a name, as no sentence end', () => {
    const sentences = sentencesOf([
      { text: 'Former three-fifteen-a.m. baker, now a founder. Dr. Lee moved to the U.S. last year.', start: 0, end: 8 },
      { text: 'We met at 5 p.m. Then we left. Is it 5 p.m.? Yes, e.g. 5 minutes early.', start: 8, end: 12 },
    ]);
    expect(sentences.map((s) => s.text)).toEqual([
      'Former three-fifteen-a.m. baker, now a founder.',
      'Dr. Lee moved to the U.S. last year.',
      'We met at 5 p.m.',
      'Then we left.',
      'Is it 5 p.m.?',
      'Yes, e.g. 5 minutes early.',
    ]);
  });

  it('restores sentence starts in English auto-captions from the words, not the line breaks', () => {
    const text =
      'we spent three years measuring the buses on every corridor of the city so the first thing we learned ' +
      'is that the lanes pay for themselves within a decade yeah the riders noticed it before the council did ' +
      'okay let me show you the chart of travel times across the network from the same winter';
    const joined = joinSegments(autoCaptions(text));
    const starts = sentenceSpans(joined).map((s) => joined.text.slice(s.from).split(' ').slice(0, 3).join(' '));
    expect(starts).toEqual(['we spent three', 'so the first', 'yeah the riders', 'okay let me']);
  });

  it('never ends a restored sentence on a word that cannot close one', () => {
    const text = 'the plan was to build the lanes and the stations so '.repeat(30).trim();
    const joined = joinSegments(autoCaptions(text));
    for (const span of sentenceSpans(joined)) {
      expect(['the', 'to', 'and', 'was']).not.toContain(joined.text.slice(span.from, span.to).split(' ').at(-1));
    }
  });

  it('keeps the caption lines of unpunctuated captions in other languages', () => {
    const text = 'la ciudad construyó los carriles de autobús y los viajeros llegaron antes a su trabajo cada mañana '
      .repeat(4)
      .trim();
    const lines = autoCaptions(text);
    expect(sentencesOf(lines).map((s) => s.text)).toEqual(lines.map((l) => l.text));
  });
});
