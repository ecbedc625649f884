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

  it('starts a sentence where the captions mark a new speaker, and leaves the marks out of every sentence', () => {
    const sentences = sentencesOf([
      { text: 'Bus lanes pay for themselves within a decade. >> But who pays', start: 0, end: 6 },
      { text: 'first? >> The city does, from the fuel tax and', start: 6, end: 12 },
      { text: '>> Right. >> from what parking brings in.', start: 12, end: 16 },
      { text: 'ANNA: We measured every corridor.', start: 16, end: 19 },
      { text: 'DR. LEE: And the riders came. At 10:30 the point was this: NOT ONE stop closed.', start: 19, end: 26 },
      { text: 'ANNA: Then the council voted. >>', start: 26, end: 30 },
      { text: 'DR. LEE: Eleven to two.', start: 60, end: 62 },
    ]);
    expect(sentences.map((s) => [s.text, Boolean(s.turn)])).toEqual([
      ['Bus lanes pay for themselves within a decade.', false],
      ['But who pays first?', true],
      // Cut mid-sentence by a listener: the speaker's sentence ends where the next turn starts.
      ['The city does, from the fuel tax and', true],
      ['Right.', true],
      ['from what parking brings in.', true],
      ['We measured every corridor.', true],
      ['And the riders came.', true],
      // A colon inside a line, or after words that are no name, marks nobody.
      ['At 10:30 the point was this: NOT ONE stop closed.', false],
      ['Then the council voted.', true],
      ['Eleven to two.', true],
    ]);
    expect(sentences[1]!.start).toBeGreaterThan(3);
    expect(sentences[1]!.start).toBeLessThan(6);
    // A name is not spoken: the words after it start with its line, and a '>>' ending the line
    // before does not start them early.
    expect(sentences.find((s) => s.text === 'And the riders came.')!.start).toBe(19);
    expect(sentences.at(-1)!.start).toBe(60);
  });

  it('keeps words that only look like a speaker: no name, a heading, captions in capitals throughout', () => {
    const lines = [
      'COVID-19: the numbers doubled since May.',
      'BREAKING NEWS: the mayor resigned today.',
      'THE POINT: BUSES GOT FASTER.',
      '>> THE QUESTION IS: WHAT NEXT?',
      'Prices rose ->> a lot.',
      // Capitals naming no one who speaks again.
      'AI: it is going to change how we work.',
    ];
    const sentences = sentencesOf(lines.map((text, i) => ({ text, start: i * 5, end: i * 5 + 5 })));
    expect(sentences.map((s) => [s.text, Boolean(s.turn)])).toEqual([
      ['COVID-19: the numbers doubled since May.', false],
      ['BREAKING NEWS: the mayor resigned today.', false],
      ['THE POINT: BUSES GOT FASTER.', false],
      ['THE QUESTION IS: WHAT NEXT?', true],
      ['Prices rose ->> a lot.', false],
      ['AI: it is going to change how we work.', false],
    ]);
  });

  it('starts a restored sentence, surely, at a new speaker of auto-captions', () => {
    const text =
      'we spent three years measuring the buses on every corridor of the city and the lanes >> ' +
      'and the riders noticed it before the council did because the trips got shorter every single week';
    const sentences = sentencesOf(autoCaptions(text, 5));
    const turn = sentences.find((s) => s.text.startsWith('and the riders'));
    expect(turn).toMatchObject({ turn: true, confidence: 1 });
    expect(sentences.some((s) => s.text.includes('>>'))).toBe(false);
  });

  it('reads punctuated captions by their punctuation however finely they are cut: a word a cue, lines of three', () => {
    const text =
      'Bus lanes pay for themselves within a decade, the study found. The riders noticed it first. ' +
      'Then the council voted, eleven to two, and the lanes opened on every corridor in the spring.';
    const sentences = ['Bus lanes pay for themselves within a decade, the study found.', 'The riders noticed it first.'];
    for (const perLine of [1, 3]) {
      const found = sentencesOf(autoCaptions(text, perLine)).map((s) => s.text);
      expect(found).toEqual([
        ...sentences,
        'Then the council voted, eleven to two, and the lanes opened on every corridor in the spring.',
      ]);
    }
  });

  it('reads captions of whole lines that end a sentence every few lines as punctuated, as before', () => {
    // Lines of 15 words, a sentence ending every fourth line: 60 words a sentence, but punctuated.
    const words =
      'says that the city measured the buses on every corridor for three winters and the riders came back because ' +
      'the trips got shorter while the lanes stayed open all day long and the council kept the budget for them ' +
      'even when the fuel tax fell and the parking money went to the schools and the parks and the libraries';
    const sentence = (n: number) => `Sentence ${n} ${words.split(' ').slice(0, 58).join(' ')}.`;
    const text = [1, 2, 3, 4].map(sentence).join(' ');
    const found = sentencesOf(autoCaptions(text, 15)).map((s) => s.text);
    expect(found).toEqual([1, 2, 3, 4].map(sentence));
  });

  it('ends a sentence on a full-width mark, which the next sentence follows without a space', () => {
    const sentences = sentencesOf([
      { text: '安土城は最初の城です。織田信長が建てました。', start: 0, end: 6 },
      { text: '次に江戸時代の城です。', start: 6, end: 9 },
    ]);
    expect(sentences.map((s) => s.text)).toEqual(['安土城は最初の城です。', '織田信長が建てました。', '次に江戸時代の城です。']);
  });

  it("joins a Japanese word cut next to its long vowel mark 'ー' or repeat mark '々' without a space, as any other", () => {
    const sentences = sentencesOf([
      { text: '都心のワンルー', start: 0, end: 2 },
      { text: 'ムマンションの家賃は上がりました。人', start: 2, end: 8 },
      { text: '々は郊外へ引っ越しています。', start: 8, end: 10 },
    ]);
    expect(sentences.map((s) => s.text)).toEqual([
      '都心のワンルームマンションの家賃は上がりました。',
      '人々は郊外へ引っ越しています。',
    ]);
  });

  it("ends sentences on Devanagari's danda and Arabic's question mark, and Urdu's full stop", () => {
    const found = (text: string) => sentencesOf([{ text, start: 0, end: 10 }]).map((s) => s.text);
    expect(found('किसान कर्ज़ में डूबे हुए हैं। सरकार ने योजना चलाई।')).toEqual(['किसान कर्ज़ में डूबे हुए हैं।', 'सरकार ने योजना चलाई।']);
    expect(found('لماذا ارتفعت الأسعار؟ لأن المطر قليل.')).toEqual(['لماذا ارتفعت الأسعار؟', 'لأن المطر قليل.']);
    expect(found('بارش کم ہوئی۔ فصل خراب ہو گئی۔')).toEqual(['بارش کم ہوئی۔', 'فصل خراب ہو گئی۔']);
  });

  it('joins the short lines of unpunctuated captions in other languages (a word a cue) into sentences of 30 letters or more', () => {
    const text = 'la ciudad construyó los carriles de autobús y los viajeros llegaron antes a su trabajo cada mañana '
      .repeat(4)
      .trim();
    const sentences = sentencesOf(autoCaptions(text, 1));
    expect(sentences.map((s) => s.text).join(' ')).toBe(text);
    for (const sentence of sentences.slice(0, -1)) expect(sentence.text.replace(/\P{L}/gu, '').length).toBeGreaterThanOrEqual(30);
    expect(sentences.length).toBeGreaterThan(8);
  });

  it('keeps the caption lines of unpunctuated captions in other languages', () => {
    const text = 'la ciudad construyó los carriles de autobús y los viajeros llegaron antes a su trabajo cada mañana '
      .repeat(4)
      .trim();
    const lines = autoCaptions(text);
    expect(sentencesOf(lines).map((s) => s.text)).toEqual(lines.map((l) => l.text));
  });
});

describe('sentences of text no caption can make slow (a stranger sweeping for backtracking patterns)', () => {
  it('reads a run of a million marks before a letter in one pass: tried from each mark, it took hours', () => {
    const sentences = sentencesOf([{ text: `Wow${'!'.repeat(1_000_000)}x and then. Next one.`, start: 0, end: 10 }]);
    expect(sentences.map(({ text }) => text.length)).toEqual([1_000_014, 9]);
  });
});

const restored = (text: string) => {
  const joined = joinSegments(autoCaptions(text));
  return sentenceSpans(joined).map((s) => joined.text.slice(s.from, s.to).split(' '));
};
const plain = 'buses carry more riders than cars on every busy corridor in town';

describe("sentences restored on auto-captions, at their limits (a stranger's mutation audit)", () => {
  it('starts no restored sentence before its fourth word', () => {
    const text = `buses run late so the council met ${plain} ${plain} ${plain} okay ${plain}`;
    expect(restored(text).map((s) => s.slice(0, 3).join(' '))).toEqual(['buses run late', 'okay buses carry']);
  });

  it('starts a restored sentence only where the words score 1: not on a weaker opener', () => {
    const text = `${plain} ${plain} we fixed it now well ${plain} ${plain}`;
    expect(restored(text).map((s) => s[0])).toEqual(['buses']);
  });

  it('cuts a restored sentence at 60 words at most, and never before a word that cannot open one', () => {
    const words = `${plain} ${plain} ${plain} ${plain} ${plain} ${plain} ${plain} ${plain} ${plain} ${plain}`.split(' ');
    words[26] = 'today';
    words[27] = 'is';
    const sentences = restored(words.join(' '));
    expect(sentences.length).toBeGreaterThan(1);
    for (const sentence of sentences) {
      expect(sentence.length).toBeLessThanOrEqual(60);
      expect(sentence[0]).not.toBe('is');
    }
  });

  it('marks a sentence cut only for length as forced, and one its words open as not', () => {
    const sentences = sentencesOf(autoCaptions(`${plain} `.repeat(10).trim() + ` okay ${plain}`));
    const forced = sentences.map((s) => Boolean(s.forced));
    expect(sentences.at(-1)!.text.startsWith('okay')).toBe(true);
    expect([forced[0], forced.at(-1)]).toEqual([false, false]);
    expect(forced.slice(1, -1)).not.toHaveLength(0);
    expect(forced.slice(1, -1).every(Boolean)).toBe(true);
  });

  it('closes a sentence of unpunctuated captions in other languages as soon as it has 30 letters', () => {
    // Nine cues of one ten-letter word: sentences of three cues (30 letters), not four.
    const sentences = sentencesOf(autoCaptions(Array(9).fill('construyen').join(' '), 1));
    expect(sentences.map((s) => s.text.split(' ').length)).toEqual([3, 3, 3]);
  });

  it('cuts a run of 60 words without an opener at its first best place: the earliest caption line start', () => {
    const sentences = sentencesOf(autoCaptions(`${plain} `.repeat(10).trim()));
    expect(sentences.map((s) => s.text.split(' ').length)).toEqual([9, 9, 9, 9, 9, 9, 9, 57]);
  });
});
