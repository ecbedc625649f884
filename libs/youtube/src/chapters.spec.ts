import { descriptionChapters } from './chapters';

describe("a description's chapters, as YouTube shows them", () => {
  it('reads the times and titles as creators write them', () => {
    const description = [
      'Our guest builds bus networks for a living.',
      '',
      'Timestamps:',
      '0:00 - Intro',
      '1:36 | Why buses, not trams',
      '14:09 – Paying drivers well',
      '1:02:05 What riders want',
      '',
      'Follow us: https://example.com',
    ].join('\r\n');
    expect(descriptionChapters(description, 4_000)).toEqual([
      { start: 0, title: 'Intro' },
      { start: 96, title: 'Why buses, not trams' },
      { start: 849, title: 'Paying drivers well' },
      { start: 3_725, title: 'What riders want' },
    ]);
    expect(descriptionChapters('[00:00] Opening\n[02:30] The budget\n[10:00] Questions', null)).toEqual([
      { start: 0, title: 'Opening' },
      { start: 150, title: 'The budget' },
      { start: 600, title: 'Questions' },
    ]);
    expect(descriptionChapters('Opening (0:00)\nThe budget (2:30)\nQuestions (10:00)')).toEqual([
      { start: 0, title: 'Opening' },
      { start: 150, title: 'The budget' },
      { start: 600, title: 'Questions' },
    ]);
    // Time ranges: the title starts after the range's end.
    expect(descriptionChapters('0:00 - 1:30 Intro\n1:30 - 5:00 Buses\n5:00 - 9:00 Trams').map((c) => c.title)).toEqual([
      'Intro',
      'Buses',
      'Trams',
    ]);
  });

  it('finds none where YouTube would show none', () => {
    expect(descriptionChapters(null)).toEqual([]);
    expect(descriptionChapters('A talk about buses. No times here.')).toEqual([]);
    // Two are not enough; the first must be at 0:00; each lasts 10 s or more, in order.
    expect(descriptionChapters('0:00 Intro\n5:00 Buses')).toEqual([]);
    expect(descriptionChapters('Best moments:\n0:30 Intro\n5:00 Buses\n9:00 Trams')).toEqual([]);
    expect(descriptionChapters('0:00 Intro\n0:05 Buses\n9:00 Trams')).toEqual([]);
    expect(descriptionChapters('0:00 Intro\n9:00 Buses\n5:00 Trams')).toEqual([]);
    // The last must last 10 s before the video ends, and start within it.
    expect(descriptionChapters('0:00 Intro\n5:00 Buses\n9:55 Trams', 600)).toEqual([]);
    expect(descriptionChapters('0:00 Intro\n5:00 Buses\n9:00 Trams', 600)).toHaveLength(3);
    // A chapter needs a title, and a time a clock shows.
    expect(descriptionChapters('0:00 Intro\n5:00 -\n9:00 Trams')).toEqual([]);
    expect(descriptionChapters('0:00 Intro\n1:75 Buses\n9:00 Trams')).toEqual([]);
    expect(descriptionChapters('0:00 Intro\n1:60 Buses\n9:00 Trams')).toEqual([]);
    expect(descriptionChapters('0:00:00 Intro\n0:75:00 Buses\n2:00:00 Trams')).toEqual([]);
    expect(descriptionChapters('0:00:00 Intro\n0:60:00 Buses\n2:00:00 Trams')).toEqual([]);
    // However the time is written: in brackets, or after the title.
    expect(descriptionChapters('[0:00] Intro\n[1:75] Buses\n[9:00] Trams')).toEqual([]);
    expect(descriptionChapters('Intro (0:00)\nBuses (1:75)\nTrams (9:00)')).toEqual([]);
  });

  it('reads lines ended by a carriage return alone, as old Mac editors save them', () => {
    expect(descriptionChapters('0:00 Intro\r5:00 Buses\r9:00 Trams').map((c) => c.title)).toEqual(['Intro', 'Buses', 'Trams']);
  });

  it("keeps a title of exactly a topic title's length whole", () => {
    const [, full] = descriptionChapters(`0:00 Intro\n5:00 ${'w'.repeat(120)}\n9:00 Trams`);
    expect(full!.title).toBe('w'.repeat(120));
  });

  it('keeps a chapter of exactly 10 s, the shortest YouTube shows, also the last', () => {
    expect(descriptionChapters('0:00 Intro\n0:10 Buses\n9:00 Trams', 600)).toHaveLength(3);
    expect(descriptionChapters('0:00 Intro\n5:00 Buses\n9:50 Trams', 600)).toHaveLength(3);
  });

  it('reads only as much as YouTube allows a description (5,000 characters)', () => {
    const chapters = '0:00 Intro\n5:00 Buses\n9:00 Trams';
    expect(descriptionChapters(`A talk.${' '.repeat(4_900)}\n${chapters}`)).toHaveLength(3);
    expect(descriptionChapters(`A talk.${' '.repeat(5_000)}\n${chapters}`)).toEqual([]);
    // Nor past it on a line of 200,000 characters (the parser's time grows with the square of a line).
    expect(descriptionChapters(`A talk.${' '.repeat(200_000)}x\n${chapters}`)).toEqual([]);
  });

  it("cuts a title to a topic title's length after a whole word, on what a reader sees as one character, with '…'", () => {
    const [, long] = descriptionChapters(`0:00 Intro\n5:00 ${'bus '.repeat(60)}\n9:00 Trams`);
    expect(long!.title.length).toBeLessThanOrEqual(120);
    expect(long!.title).toMatch(/^bus bus( bus)+…$/);
    // Cut inside a word: back to the last whole one.
    const [, cut] = descriptionChapters(`0:00 Intro\n5:00 ${'abcdefghij '.repeat(20)}\n9:00 Trams`);
    expect(cut!.title).toMatch(/^(abcdefghij )+abcdefghij…$/);
    const [, party] = descriptionChapters(`0:00 Intro\n5:00 ${'x'.repeat(117)}🎉🎉\n9:00 Trams`);
    expect(party!.title).toBe(`${'x'.repeat(117)}🎉…`);
    // A family emoji (seven code points), a flag (two), a letter and its accent: whole, or not at all.
    for (const [before, tail, kept] of [
      [116, '👨‍👩‍👧‍👦 family', ''],
      [115, '🇯🇵🇰🇷', '🇯🇵'],
      [118, 'n\u0303ot', ''],
    ] as const) {
      const [, cut] = descriptionChapters(`0:00 Intro\n5:00 ${'y'.repeat(before)}${tail}\n9:00 Trams`);
      expect([tail, cut!.title]).toEqual([tail, `${'y'.repeat(before)}${kept}…`]);
    }
    // Cut where a word ends: the word is kept.
    const [, atWord] = descriptionChapters(`0:00 Intro\n5:00 ${'z'.repeat(119)} more words\n9:00 Trams`);
    expect(atWord!.title).toBe(`${'z'.repeat(119)}…`);
    const [, words] = descriptionChapters(`0:00 Intro\n5:00 ${'word '.repeat(23)}word next\n9:00 Trams`);
    expect(words!.title).toBe(`${'word '.repeat(23)}word…`);
    // A direction override shows the letters after it reversed: it goes.
    const [first] = descriptionChapters('0:00 \u202Edne eht ta olleH intro\n5:00 Buses\n9:00 Trams');
    expect(first!.title).toBe('dne eht ta olleH intro');
  });
});
