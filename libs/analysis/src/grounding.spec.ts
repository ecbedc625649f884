import { sampleTranscript } from '@findclips/testing';
import { groundQuote, groundTopics, indexTranscript, snapQuote } from './grounding';

const segments = [
  { text: 'Welcome back to the show.', start: 0, end: 3 },
  { text: 'Today we talk about sleep and memory,', start: 3, end: 6.5 },
  { text: 'because students who slept remembered forty percent more.', start: 6.5, end: 10 },
  { text: 'That is a huge effect.', start: 10, end: 12 },
  { text: 'Now, about caffeine.', start: 60, end: 62 },
  { text: 'Caffeine blocks the adenosine receptors of the brain for hours.', start: 62, end: 70 },
  { text: 'Welcome back to the show.', start: 120, end: 123 },
];

/** The caption said first at or after `seconds`, as a provider would quote it. */
const quoteAt = (transcript: typeof segments, seconds: number) => {
  const said = transcript.find((segment) => segment.start >= seconds)!;
  return { content: said.text, startTime: said.start, endTime: said.end };
};
/** Each grounded topic's title and how many quotes it kept. */
const shape = (topics: ReturnType<typeof groundTopics>) => topics.map((t) => [t.title, t.quotes.length]);

describe('grounding', () => {
  const index = indexTranscript(segments);

  it('replaces a paraphrased quote by the verbatim text, with the times of its captions', () => {
    expect(groundQuote(index, 'students that slept remembered 40 percent more', 7)).toBeNull();
    expect(
      groundQuote(index, 'because the students who slept remembered forty percent more. That is a huge effect', 6),
    ).toMatchObject({
      content: 'because students who slept remembered forty percent more. That is a huge effect.',
      startTime: 6.5,
      endTime: 12,
    });
  });

  it('keeps a passage to the longest part one speaker says, where the captions mark speakers', () => {
    const interview = indexTranscript([
      { text: 'We cut our bread waste by eighty percent in one winter.', start: 0, end: 5 },
      { text: '>> How did you do that?', start: 5, end: 7 },
      { text: '>> We weighed every tray we threw away, every night, for six weeks,', start: 7, end: 13 },
      { text: 'and the oven turned out to run forty degrees hot.', start: 13, end: 18 },
      { text: '>> Right.', start: 18, end: 19 },
    ]);
    const whole = interview.text;
    expect(snapQuote(interview, 0, whole.length)).toMatchObject({
      content:
        'We weighed every tray we threw away, every night, for six weeks, and the oven turned out to run forty degrees hot.',
      // The mark is not spoken: the answer starts with its line.
      startTime: 7,
      endTime: 18,
    });
    // A part too short alone takes its own speaker's next sentences, not the other speaker's.
    const answer = indexTranscript([
      { text: 'So how did you cut the waste?', start: 0, end: 3 },
      { text: '>> We weighed every tray.', start: 3, end: 6 },
      { text: 'Every night for six weeks.', start: 6, end: 12 },
      { text: '>> Wow.', start: 12, end: 13 },
    ]);
    expect(snapQuote(answer, 0, answer.text.indexOf(' Every'))).toMatchObject({
      content: 'We weighed every tray. Every night for six weeks.',
      startTime: 3,
      endTime: 12,
    });
    // The part covering most of the passage only counts if it makes a clip of 8-60 s.
    const long = indexTranscript([
      { text: 'We cut our bread waste by eighty percent in one winter.', start: 0, end: 10 },
      { text: '>> Really?', start: 10, end: 11 },
      { text: '>> Yes.', start: 11, end: 15 },
      { text: 'And then we spent the next minute on every tray, oven and shift we ever ran.', start: 15, end: 72 },
    ]);
    expect(snapQuote(long, 0, long.text.length)).toMatchObject({ startTime: 0, endTime: 10 });
    // No part alone lasts 8 seconds: the passage stays whole rather than no clip.
    const short = indexTranscript([
      { text: 'Bread waste fell by half.', start: 0, end: 4 },
      { text: '>> Half?', start: 4, end: 5 },
      { text: '>> Half, in one winter.', start: 5, end: 9 },
    ]);
    expect(snapQuote(short, 0, short.text.length)).toMatchObject({ startTime: 0, endTime: 9 });
  });

  it('drops a quote the transcript never says', () => {
    expect(groundQuote(index, 'Coffee is the secret to a long and happy life', 30)).toBeNull();
  });

  it('keeps a quote when 60% of its words are said in order there, and no fewer', () => {
    // 5 of 8 words said: what it stands for is the transcript's own words.
    expect(groundQuote(index, 'Caffeine blocks the adenosine receptors in most mice', 62)).toMatchObject({
      content: 'Caffeine blocks the adenosine receptors',
    });
    // 3 of 5: exactly the share that stands.
    expect(groundQuote(index, 'Caffeine blocks the moon tonight', 62)).toMatchObject({ content: 'Caffeine blocks the' });
    // 5 of 9: more invented than said.
    expect(groundQuote(index, 'Caffeine blocks the adenosine receptors in mice and rats', 62)).toBeNull();
  });

  it('takes the occurrence nearest the claimed time when a sentence repeats', () => {
    expect(groundQuote(index, 'Welcome back to the show', 118)).toMatchObject({ startTime: 120, endTime: 123 });
    expect(groundQuote(index, 'Welcome back to the show', 2)).toMatchObject({ startTime: 0, endTime: 3 });
  });

  it('clamps and orders topics, and drops topics left without quotes', () => {
    const topics = groundTopics(
      {
        topics: [
          {
            title: 'Caffeine',
            startTime: 55,
            endTime: 999,
            quotes: [{ content: 'Now, about caffeine.', startTime: 60, endTime: 62 }],
          },
          {
            // A provider's title as it came: a NUL PostgreSQL refuses, a direction override.
            title: '  Sleep \u0000  and memory\u202E ',
            startTime: -20,
            endTime: 15,
            quotes: [{ content: 'we talk about sleep and memory', startTime: 3, endTime: 6 }],
          },
          {
            title: 'Invented',
            startTime: 20,
            endTime: 40,
            quotes: [{ content: 'nobody ever said these words here', startTime: 20, endTime: 30 }],
          },
        ],
      },
      segments,
      130,
    );
    // Topic times snap to caption starts and ends: 55 s falls between captions, 999 past the video.
    expect(topics.map((t) => [t.title, t.startTime, t.endTime])).toEqual([
      ['Sleep and memory', 0, 12],
      ['Caffeine', 60, 123],
    ]);
    // A 3.5 s passage grows to whole sentences of at least 8 s.
    expect(topics[0]!.quotes[0]).toMatchObject({
      content:
        'Today we talk about sleep and memory, because students who slept remembered forty percent more. That is a huge effect.',
      startTime: 3,
      endTime: 12,
      id: expect.any(String),
    });
    expect(topics[1]!.quotes[0]).toMatchObject({ startTime: 60, endTime: 70 });
  });

  it('never lets topics overlap: a quote found only inside a later topic goes, and a topic left without one', () => {
    const topics = groundTopics(
      {
        topics: [
          {
            title: 'Sleep',
            startTime: 0,
            endTime: 12,
            quotes: [
              { content: 'students who slept remembered forty percent more', startTime: 6, endTime: 10 },
              // Said at 62 s, inside the next topic: the provider's wrong topic for it.
              { content: 'Caffeine blocks the adenosine receptors of the brain for hours.', startTime: 8, endTime: 12 },
            ],
          },
          {
            title: 'Welcome',
            startTime: 0,
            endTime: 3,
            quotes: [{ content: 'Caffeine blocks the adenosine receptors of the brain for hours.', startTime: 1, endTime: 3 }],
          },
          {
            title: 'Caffeine',
            startTime: 60,
            endTime: 130,
            quotes: [{ content: 'Now, about caffeine.', startTime: 60, endTime: 62 }],
          },
        ],
      },
      segments,
      130,
    );
    expect(topics.map((t) => [t.title, t.startTime, t.endTime, t.quotes.length])).toEqual([
      ['Sleep', 0, 12, 1],
      ['Caffeine', 60, 123, 1],
    ]);
  });

  it('keeps a topic and its quotes whole when another topic brings a quote said inside it, or sits inside it', () => {
    const long = sampleTranscript(420);
    const quote = (seconds: number) => quoteAt(long, seconds);
    const apart = (topics: ReturnType<typeof groundTopics>) =>
      topics.every((topic, i) => i === 0 || topic.startTime >= topics[i - 1]!.endTime);
    // The provider gives the second topic a quote said in the first: it goes, the first keeps its own.
    const misplaced = groundTopics(
      {
        topics: [
          { title: 'Gardens', startTime: 0, endTime: 290, quotes: [quote(10), quote(100), quote(200)] },
          { title: 'Bees', startTime: 300, endTime: 420, quotes: [quote(30), quote(330)] },
        ],
      },
      long,
      420,
    );
    expect(shape(misplaced)).toEqual([
      ['Gardens', 3],
      ['Bees', 1],
    ]);
    expect(misplaced[1]!.startTime).toBeGreaterThanOrEqual(290);
    expect(apart(misplaced)).toBe(true);
    // A topic inside another, from the same sentence: the one that would lose fewer quotes gives way.
    const nested = groundTopics(
      {
        topics: [
          { title: 'Big', startTime: 10, endTime: 290, quotes: [quote(100), quote(150), quote(200)] },
          { title: 'Small', startTime: 10, endTime: 40, quotes: [quote(20)] },
        ],
      },
      long,
      420,
    );
    expect(shape(nested)).toEqual([['Big', 3]]);
  });

  it('never lets a quote found far from its topic drag it over others, nor a topic that cannot stand decide', () => {
    const long = sampleTranscript(600);
    const quote = (seconds: number) => quoteAt(long, seconds);
    // An introduction quote given to the last topic: the two topics between stay, the last keeps its own.
    const dragged = groundTopics(
      {
        topics: [
          { title: 'Final', startTime: 300, endTime: 400, quotes: [quote(310), quote(340), quote(10)] },
          { title: 'First', startTime: 100, endTime: 200, quotes: [quote(110)] },
          { title: 'Second', startTime: 200, endTime: 300, quotes: [quote(210)] },
        ],
      },
      long,
      600,
    );
    expect(shape(dragged)).toEqual([
      ['First', 1],
      ['Second', 1],
      ['Final', 2],
    ]);
    // Two topics said over the same time, their quotes apart: each keeps its own, one after the other.
    const same = groundTopics(
      {
        topics: [
          { title: 'Roots', startTime: 100, endTime: 200, quotes: [quote(110), quote(130)] },
          { title: 'Leaves', startTime: 100, endTime: 200, quotes: [quote(160), quote(180)] },
        ],
      },
      long,
      600,
    );
    expect(shape(same)).toEqual([
      ['Roots', 2],
      ['Leaves', 2],
    ]);
    expect(same[1]!.startTime).toBeGreaterThanOrEqual(same[0]!.endTime);
    // A topic whose only quote nobody said claims nothing: the other's quote there stands.
    const unfounded = groundTopics(
      {
        topics: [
          { title: 'Soil', startTime: 0, endTime: 100, quotes: [quote(30), quote(500)] },
          {
            title: 'Invented',
            startTime: 450,
            endTime: 550,
            quotes: [{ content: 'nobody ever said these words here', startTime: 460, endTime: 470 }],
          },
        ],
      },
      long,
      600,
    );
    expect(shape(unfounded)).toEqual([['Soil', 2]]);
  });

  it("starts and ends a topic on the sentence holding its times, not on the caption's first or last words", () => {
    // Caption lines cut wherever the words fall: the second topic's first sentence starts mid-line.
    const lines = [
      { text: 'Bus lanes came first. They cost little and', start: 0, end: 6 },
      { text: 'moved more people than cars did. A new highway', start: 6, end: 12 },
      { text: 'lane fills up within five years, every time we build one.', start: 12, end: 20 },
    ];
    const [first, second] = groundTopics(
      {
        topics: [
          {
            title: 'Bus lanes',
            startTime: 0,
            endTime: 9,
            quotes: [{ content: 'Bus lanes came first.', startTime: 0, endTime: 3 }],
          },
          {
            title: 'Highway lanes',
            startTime: 10.5,
            endTime: 20,
            quotes: [{ content: 'A new highway lane fills up within five years', startTime: 10, endTime: 20 }],
          },
        ],
      },
      lines,
      20,
    );
    // 'A new highway' starts 72% into the second line (by characters), 'did.' ends 70% into it.
    // Before, both were cut at 6 s, the line's start: the second topic opened on '…moved more
    // people than cars did.' and the first stopped mid-sentence.
    expect(second!.startTime).toBeCloseTo(10.3, 1);
    expect(first!.endTime).toBeCloseTo(10.17, 1);
  });

  it('starts a topic at its first caption when that caption lasts no time (a file whose cues give only a start)', () => {
    const lines = [
      { text: 'Welcome to the show.', start: 0, end: 0 },
      { text: 'Today we talk about sleep, because students who slept remembered forty percent more.', start: 4, end: 14 },
    ];
    const quote = { content: 'because students who slept remembered forty percent more', startTime: 4, endTime: 14 };
    const [topic] = groundTopics({ topics: [{ title: 'Sleep', startTime: 0, endTime: 14, quotes: [quote] }] }, lines, 14);
    // It started at 4 s, past the welcome, whose caption ends where it starts.
    expect(topic!.startTime).toBe(0);
  });

  it('cuts clips on sentences inside captions, with interpolated times, 8 to 60 seconds', () => {
    const talk = indexTranscript([
      { text: 'so that was the intro. Here is the claim that matters most.', start: 0, end: 6 },
      { text: 'Sleep doubles what you remember the next day, in every study we ran. And then', start: 6, end: 14 },
      { text: 'we moved on.', start: 14, end: 15 },
    ]);
    const at = (words: string) => {
      const from = talk.text.indexOf(words);
      return [from, from + words.length] as const;
    };
    // Starts mid-caption on the sentence, ends on the sentence, not on the caption.
    expect(snapQuote(talk, ...at('the claim that matters most. Sleep doubles what you remember the next day'))).toMatchObject({
      content: 'Here is the claim that matters most. Sleep doubles what you remember the next day, in every study we ran.',
      startTime: 2.339,
      endTime: 13.065,
    });
    // Longer than 60 s: sentences come off its end; none short enough: dropped.
    const long = indexTranscript(
      Array.from({ length: 10 }, (_, i) => ({ text: `Sentence number ${i} is here.`, start: i * 10, end: i * 10 + 10 })),
    );
    expect(snapQuote(long, 0, long.text.length)).toMatchObject({ startTime: 0, endTime: 60 });
    const endless = indexTranscript([{ text: 'One sentence that never ends for ninety seconds.', start: 0, end: 90 }]);
    expect(snapQuote(endless, 0, endless.text.length)).toBeNull();
    const brief = indexTranscript([{ text: 'Too short.', start: 0, end: 2 }]);
    expect(snapQuote(brief, 0, brief.text.length)).toBeNull();
  });

  it('never gives the same passage twice in one analysis', () => {
    const same = { content: 'Caffeine blocks the adenosine receptors of the brain for hours.', startTime: 62, endTime: 70 };
    const topics = groundTopics(
      {
        topics: [
          { title: 'One', startTime: 60, endTime: 70, quotes: [same, same] },
          { title: 'Two', startTime: 60, endTime: 70, quotes: [same] },
        ],
      },
      segments,
      130,
    );
    expect(topics.flatMap((t) => t.quotes)).toHaveLength(1);
  });

  // How fast: `npm run bench` (the analyzer's benchmark grounds transcripts of up to 8 hours).
  it('grounds a quote of a 2-hour transcript where it is said', () => {
    const long = sampleTranscript(7200);
    const bigIndex = indexTranscript(long);
    const quote = long
      .slice(700, 703)
      .map((s) => s.text)
      .join(' ');
    expect(groundQuote(bigIndex, quote, long[700]!.start)).toMatchObject({
      startTime: long[700]!.start,
      endTime: long[702]!.end,
    });
    expect(
      groundTopics(
        { topics: [{ title: 'T', startTime: 0, endTime: 7200, quotes: [{ content: quote, startTime: 0, endTime: 1 }] }] },
        long,
        7200,
      ),
    ).toHaveLength(1);
  });
});

describe('grounding what no caption can make slow (a stranger sweeping for backtracking patterns)', () => {
  it("reads a run of 300,000 commas after a quote's last word at once, its closing mark kept (100,000 took 8 s)", () => {
    const commas = ','.repeat(300_000);
    const index = indexTranscript([
      { text: `The city kept building its lines further out and rates${commas}.,`, start: 0, end: 6 },
      { text: 'Then everything changed for the suburbs.', start: 6, end: 12 },
    ]);
    // Its sentence's closing mark kept, the comma after it not (as for any quote).
    expect(groundQuote(index, 'The city kept building its lines further out and rates', 0)?.content).toBe(
      `The city kept building its lines further out and rates${commas}.`,
    );
  });
});

describe("grounding at its edges (a stranger's mutation audit)", () => {
  const index = indexTranscript(segments);
  /** Ten sentences of 10 s each. */
  const talk = Array.from({ length: 10 }, (_, i) => ({ text: `Sentence number ${i} is here.`, start: i * 10, end: i * 10 + 10 }));
  /** Sentences `from` to `to` of `talk`, as a provider would quote them. */
  const said = (from: number, to = from) => ({
    content: talk
      .slice(from, to + 1)
      .map((s) => s.text)
      .join(' '),
    startTime: from * 10,
    endTime: to * 10 + 10,
  });

  it('keeps a paraphrase that leaves out up to three words in a row, or a word before its first three in a row', () => {
    // 'receptors of the' left out between 'adenosine' and 'brain'.
    expect(groundQuote(index, 'Caffeine blocks the adenosine brain for hours', 62)).toMatchObject({
      content: 'Caffeine blocks the adenosine receptors of the brain for hours.',
    });
    // 'blocks' left out before the first three words said in a row.
    expect(groundQuote(index, 'Caffeine the adenosine receptors', 62)).toMatchObject({
      content: 'Caffeine blocks the adenosine receptors',
    });
  });

  it('leaves out a sentence the passage only grazes, at either end', () => {
    const bakery = indexTranscript([
      { text: 'Bread waste is a problem in every bakery we visited last year.', start: 0, end: 10 },
      { text: 'We cut ours by half in one winter.', start: 10, end: 20 },
      { text: 'And then the oven broke and we had to bake everything twice for a month.', start: 20, end: 30 },
    ]);
    const passage = 'last year. We cut ours by half in one winter. And then';
    const from = bakery.text.indexOf(passage);
    expect(snapQuote(bakery, from, from + passage.length)).toMatchObject({
      content: 'We cut ours by half in one winter.',
      startTime: 10,
      endTime: 20,
    });
  });

  it('lets a short clip take a next sentence that brings it to exactly 60 seconds', () => {
    const story = indexTranscript([
      { text: 'Short opener here.', start: 0, end: 5 },
      { text: 'Then a long story that takes most of a minute to tell.', start: 5, end: 60 },
    ]);
    expect(snapQuote(story, 0, 'Short opener here.'.length)).toMatchObject({ startTime: 0, endTime: 60 });
  });

  it('never gives two quotes that share most of their sentences', () => {
    const topics = groundTopics(
      { topics: [{ title: 'Sentences', startTime: 0, endTime: 100, quotes: [said(1, 3), said(2, 4)] }] },
      talk,
      100,
    );
    expect(topics.flatMap((t) => t.quotes.map((q) => q.content))).toEqual([said(1, 3).content]);
  });

  it('drops a quote that runs more than a second into the next topic', () => {
    const topics = groundTopics(
      {
        topics: [
          { title: 'Early', startTime: 0, endTime: 30, quotes: [said(0, 0), said(2, 3)] },
          { title: 'Late', startTime: 30, endTime: 60, quotes: [said(4, 4), said(5, 5)] },
        ],
      },
      talk,
      100,
    );
    expect(topics.map((t) => [t.title, t.startTime, t.endTime, t.quotes.length])).toEqual([
      ['Early', 0, 30, 1],
      ['Late', 30, 60, 2],
    ]);
  });

  it('lets a quote found past its topic stand when the only topic there has no title', () => {
    const topics = groundTopics(
      {
        topics: [
          { title: 'Titled', startTime: 0, endTime: 20, quotes: [said(5)] },
          { title: '  ', startTime: 30, endTime: 60, quotes: [said(4)] },
        ],
      },
      talk,
      100,
    );
    expect(topics.map((t) => [t.title, t.quotes.length])).toEqual([['Titled', 1]]);
  });

  it('drops a topic whose title is nothing once control characters and overrides are taken out', () => {
    const topics = groundTopics(
      {
        topics: [
          {
            title: ' \u0000\u202E ',
            startTime: 60,
            endTime: 70,
            quotes: [{ content: segments[5]!.text, startTime: 62, endTime: 70 }],
          },
        ],
      },
      segments,
      130,
    );
    expect(topics).toEqual([]);
  });

  it('reads the video as lasting at least to its last caption when its duration is unknown or short', () => {
    const topics = groundTopics(
      {
        topics: [
          {
            title: 'Caffeine',
            startTime: 55,
            endTime: 999,
            quotes: [{ content: 'Now, about caffeine.', startTime: 60, endTime: 62 }],
          },
        ],
      },
      segments,
      0,
    );
    expect(topics.map((t) => [t.title, t.startTime, t.endTime])).toEqual([['Caffeine', 60, 123]]);
  });

  it("orders a topic's quotes by time, and starts the topic at its earliest", () => {
    const [topic] = groundTopics(
      { topics: [{ title: 'Sentences', startTime: 40, endTime: 60, quotes: [said(5), said(3)] }] },
      talk,
      100,
    );
    expect(topic!.quotes.map((q) => q.startTime)).toEqual([30, 50]);
    expect(topic!.startTime).toBe(30);
  });

  it('ends the earlier of two overlapping topics where the later starts, when no point keeps more quotes', () => {
    const topics = groundTopics(
      {
        topics: [
          { title: 'Early', startTime: 0, endTime: 40, quotes: [said(0)] },
          { title: 'Late', startTime: 20, endTime: 60, quotes: [said(5)] },
        ],
      },
      talk,
      100,
    );
    expect(topics.map((t) => [t.title, t.startTime, t.endTime])).toEqual([
      ['Early', 0, 20],
      ['Late', 20, 60],
    ]);
  });
});

describe('grounding across non-speech tags', () => {
  /** Two sentences with `gap` seconds of '[Music]' captions (one every 4 s) between them. */
  const apart = (gap: number) => [
    { text: 'I really love the view up here.', start: 0, end: 4 },
    ...Array.from({ length: gap / 4 }, (_, i) => ({ text: '[Music]', start: 4 + i * 4, end: 8 + i * 4 })),
    { text: 'From the top of the Matterhorn at dawn it is glorious.', start: 4 + gap, end: 12 + gap },
  ];
  const quote = 'I really love the view up here. From the top of the Matterhorn at dawn it is glorious.';

  it('finds a quote whose sentences have music between them, as said', () => {
    expect(groundQuote(indexTranscript(apart(36)), quote, 0)).toMatchObject({ startTime: 0, endTime: 48 });
  });

  it('never joins words that five minutes of music keep apart, which no clip could hold', () => {
    // Before, '[Music]' of any length was passed over: the quote stood as 0-308 s.
    expect(groundQuote(indexTranscript(apart(300)), quote, 0)).toBeNull();
  });
});
