import { CAPTIONS_MAX_CUES, CaptionsError, captionsFormat, readCaptions } from './captions';

/** 3725 → '1:02:05'. */
const clock = (seconds: number) =>
  `${Math.floor(seconds / 3600)}:${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/** The message of the CaptionsError that reading `text` throws. */
function problem(text: string): string {
  try {
    readCaptions(text, { maxCues: CAPTIONS_MAX_CUES });
  } catch (error) {
    if (error instanceof CaptionsError) return error.message;
    throw error;
  }
  throw new Error('the captions were read');
}

describe('captions people bring themselves', () => {
  it('reads SubRip and WebVTT with their parsers: markup, ids, settings and notes as the formats mean them', () => {
    const srt =
      '1\r\n00:00:01,000 --> 00:00:04,500\r\nHello <i>there</i>\r\nfriend.\r\n\r\n2\r\n00:00:05,000 --> 00:00:07,000\r\nNext.\r\n';
    expect(captionsFormat(srt)).toBe('srt');
    // Lines ended by \r alone (old Mac files) read as well.
    expect(readCaptions(srt.replace(/\r\n/g, '\r'))).toEqual(readCaptions(srt));
    expect(readCaptions(srt)).toEqual([
      { text: 'Hello there friend.', start: 1, end: 4.5 },
      { text: 'Next.', start: 5, end: 7 },
    ]);
    const vtt =
      'WEBVTT\n\nNOTE made by hand\n\nintro\n00:01.000 --> 00:04.000 align:start\n<v Bob>Hi.</v>\n\n00:00:05.000 --> 00:00:06.000\n\n';
    expect(captionsFormat(vtt)).toBe('vtt');
    expect(readCaptions(vtt)).toEqual([{ text: 'Hi.', start: 1, end: 4 }]);
    // Character references read as players show them; a subtitle editor's override tags left out.
    expect(
      readCaptions('WEBVTT\n\n00:01.000 --> 00:04.000\nRock &amp; roll &lt;i&gt;live&lt;/i&gt;&nbsp;&#233;t&eacute;\n'),
    ).toEqual([{ text: 'Rock & roll <i>live</i> été', start: 1, end: 4 }]);
    // Cue settings may hold commas; a reference without its semicolon is words ('&notes').
    expect(readCaptions('WEBVTT\n\n00:00:01.000 --> 00:00:04.000 position:10%,line-left\nWe ship &notes &copy\n')).toEqual([
      { text: 'We ship &notes &copy', start: 1, end: 4 },
    ]);
    expect(readCaptions('1\n00:00:01,000 --> 00:00:02,000\n{\\an8}AT&amp;T on top\n')).toEqual([
      { text: 'AT&T on top', start: 1, end: 2 },
    ]);
  });

  it('ends each cue where the next starts (files converted from auto-captions overlap), and composes accents stored apart (NFD)', () => {
    const overlapping =
      '1\n00:00:01,000 --> 00:00:06,000\nFirst line\n\n2\n00:00:04,000 --> 00:00:09,000\nSecond line\n\n' +
      '3\n00:00:07,000 --> 09:00:00,000\nThird line\n\n4\n00:00:10,000 --> 00:00:12,000\nLast line\n';
    expect(readCaptions(overlapping)).toEqual([
      { text: 'First line', start: 1, end: 4 },
      { text: 'Second line', start: 4, end: 7 },
      { text: 'Third line', start: 7, end: 10 },
      { text: 'Last line', start: 10, end: 12 },
    ]);
    const [decomposed] = readCaptions('1\n00:00:01,000 --> 00:00:04,000\nMon re\u0301sume\u0301\n');
    expect(decomposed!.text).toBe('Mon r\u00e9sum\u00e9');
  });

  it('reads every cue whatever the space around its arrow (WebVTT allows tabs, or none), never leaving one out unsaid', () => {
    expect(readCaptions('WEBVTT\n\n00:00:01.000\t-->\t00:00:02.000\ntabs all round\n')).toEqual([
      { text: 'tabs all round', start: 1, end: 2 },
    ]);
    const tight =
      'WEBVTT\n\n00:01.000 --> 00:02.000\none\n\n00:02.000-->00:03.000 line:0\ntwo\n\n00:03.000 --> 00:04.000\nthree\n';
    expect(readCaptions(tight).map((segment) => segment.text)).toEqual(['one', 'two', 'three']);
    expect(readCaptions('1\n00:00:01,000-->00:00:02,000\none\n\n2\n00:00:02,000\t-->  00:00:03,000\ntwo\n')).toEqual([
      { text: 'one', start: 1, end: 2 },
      { text: 'two', start: 2, end: 3 },
    ]);
    // A cue that shows nothing (a direction mark, a zero-width space) is an empty cue, not a segment.
    expect(
      readCaptions(
        'WEBVTT\n\n00:01.000 --> 00:02.000\n&lrm;\n\n00:02.000 --> 00:03.000\n\u200b\n\n00:03.000 --> 00:04.000\nsaid\n',
      ),
    ).toEqual([{ text: 'said', start: 3, end: 4 }]);
  });

  it("reads rolling captions (YouTube's automatic ones as WebVTT) once, not every line twice", () => {
    const cue = (from: string, to: string, ...lines: string[]) =>
      `${from} --> ${to} align:start position:0%\n${lines.join('\n')}\n`;
    const vtt = [
      'WEBVTT\nKind: captions\nLanguage: en\n',
      cue('00:00:00.000', '00:00:02.490', ' ', 'so<00:00:00.480><c> today</c><00:00:00.960><c> we</c>'),
      cue('00:00:02.490', '00:00:02.500', 'so today we', ' '),
      cue('00:00:02.500', '00:00:05.000', 'so today we', 'talk<00:00:03.000><c> about</c><00:00:03.600><c> buses</c>'),
      cue('00:00:05.000', '00:00:05.010', 'talk about buses', ' '),
      cue('00:00:05.010', '00:00:07.000', 'talk about buses', 'no'),
      cue('00:00:07.000', '00:00:09.000', 'no'),
    ].join('\n');
    expect(readCaptions(vtt)).toEqual([
      { text: 'so today we', start: 0, end: 2.49 },
      { text: 'talk about buses', start: 2.5, end: 5 },
      { text: 'no', start: 5.01, end: 7 },
      // A cue saying again what the one before ended on, for as long as a cue lasts: said twice.
      { text: 'no', start: 7, end: 9 },
    ]);
  });

  it('reads pasted timed text: a time at the start of each line, lines without one continue the line above', () => {
    const pasted = '0:00 Welcome back to the show\n[0:07] Today: buses\nand why they are late\n\n(1:02:03) - The last word\n';
    expect(captionsFormat(pasted)).toBe('timed-text');
    expect(readCaptions(pasted)).toEqual([
      { text: 'Welcome back to the show', start: 0, end: 7 },
      { text: 'Today: buses and why they are late', start: 7, end: 3_723 },
      { text: 'The last word', start: 3_723, end: 3_725 },
    ]);
  });

  it('reads any number of cues when no limit is given (the CLI), and markup without a closing > in linear time', () => {
    const film = Array.from({ length: 9_000 }, (_, i) => `${clock(i)} line ${i}`);
    expect(readCaptions(film.join('\n'))).toHaveLength(9_000);
    // A quadratic tag pattern would take hours on this; the linear one reads it at once.
    expect(readCaptions(`0:00 ${'<'.repeat(2_000_000)}`)).toEqual([{ text: '<'.repeat(2_000_000), start: 0, end: 2 }]);
    // Two cues of 200,000 lines each, the second all but one line of the first: a search for the
    // lines one cue carries over into the next that tried every length would take minutes.
    const lines = (n: number) => Array<string>(n).fill('a').join('\n');
    const long = `1\n00:00:01,000 --> 00:00:02,000\n${lines(199_999)}\nc\n\n2\n00:00:02,000 --> 00:00:03,000\n${lines(200_000)}\n`;
    expect(readCaptions(long).map((cue) => cue.text.length)).toEqual([399_999, 399_999]);
  });

  const cueTimes = 'a cue\'s times must read like "00:01:02,500 --> 00:01:05,000"';
  const badTime = 'this time does not read: write it like "1:02" or "1:02:03" (seconds, and minutes after hours, up to 59)';
  // SubRip the parser cannot read: the line it stopped at, never the line's own words.
  const unreadable =
    'not SubRip we can read: each cue is its number, then its times ("00:01:02,500 --> 00:01:05,000"), then its text';
  const tooMany = Array.from({ length: CAPTIONS_MAX_CUES + 1 }, (_, i) => `${clock(i)} word`).join('\n');
  it.each([
    ['a mistyped arrow', '1\n00:00:01,000 --> 00:00:04,000\nFine.\n\n2\n00:00:05 -> 00:00:06\nx --> y\n', `Line 7: ${cueTimes}`],
    ['a cue ending before it starts', '1\n00:00:09,000 --> 00:00:04,000\nBackwards.\n', 'Line 2: this cue ends before it starts'],
    [
      'cues out of order',
      '1\n00:00:09,000 --> 00:00:10,000\nLate.\n\n2\n00:00:01,000 --> 00:00:02,000\nEarly.\n',
      'Line 6: this cue starts before the cue above it; cues must be in time order',
    ],
    [
      'timed text opening without a time',
      'Hello, this is not timed.\n0:05 Now it is.',
      'Line 1: each line of timed text starts with its time, like "1:02 Welcome back"',
    ],
    [
      'timed text out of order',
      '0:05 Later\n0:01 Earlier',
      'Line 2: 0:01 comes before the time of the line above; lines must be in time order',
    ],
    [
      'WebVTT cues out of order after a cue that says nothing',
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\n00:00:05.000 --> 00:00:06.000\nHello\n\n00:00:03.000 --> 00:00:04.000\nBack\n',
      'Line 8: this cue starts before the cue above it; cues must be in time order',
    ],
    ['nothing but blank lines', '\n\n', /^Line 1: no captions found/],
    ['WebVTT whose cue says nothing', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n', /^Line 1: no captions found/],
    ['more lines than the limit', tooMany, `Line ${CAPTIONS_MAX_CUES + 1}: more than 7,200 lines`],
    // Milliseconds in three digits, as the formats write them: "1.5" would be read as 1.005 s.
    ['SubRip milliseconds in one digit', '1\n00:00:01.5 --> 00:00:04,000\nShort.\n', `Line 2: ${cueTimes}`],
    [
      'WebVTT milliseconds in one digit',
      'WEBVTT\n\n00:01.5 --> 00:02.500\nShort.\n',
      'Line 3: a cue\'s times must read like "00:01:02.500 --> 00:01:05.000"',
    ],
    // Times no clock shows, a time with more parts than a time has, an arrow mistyped: refused, never read as words said.
    ['a time no clock shows', '0:00 Fine\n99:99 Odd', `Line 2: ${badTime}`],
    ['minutes past 59 after hours', '0:00 Fine\n1:75:00 Odd', `Line 2: ${badTime}`],
    ['a time of four parts', '0:00 Fine\n1:00:00:00 Four parts', `Line 2: ${badTime}`],
    ['fractions in four digits', '0:00 Fine\n0:02.1234 Four digits', `Line 2: ${badTime}`],
    [
      'a SubRip time off the clock',
      '1\n00:99:00,000 --> 01:40:00,000\nOdd.\n',
      'Line 2: a cue\'s times must be on a clock (seconds, and minutes after hours, up to 59), like "00:01:02,500 --> 00:01:05,000"',
    ],
    [
      'an arrow missing its dashes',
      '1\n00:00:01,000 --> 00:00:02,000\nFine.\n\n2\n00:00:26,000> 00:00:32,267\nArrow.\n',
      `Line 6: ${cueTimes}`,
    ],
    [
      'WebVTT with a comma before the milliseconds',
      'WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nComma.\n',
      'Line 3: WebVTT writes a full stop before the milliseconds, like "00:01:02.500 --> 00:01:05.000"',
    ],
    ['SubRip with words before its times', '1\nsecret words\n00:00:01,000 --> 00:00:02,000\nhi\n', `Line 2: ${unreadable}`],
    ['SubRip with two numbers', '1\n2\n00:00:01,000 --> 00:00:02,000\nhi\n', `Line 2: ${unreadable}`],
    ['SubRip opening on a word', 'hello\r\n\r\n00:00:01,000 --> 00:00:02,000\r\nhi', `Line 1: ${unreadable}`],
  ])('names the line of the first problem: %s', (_, input, message) => {
    if (typeof message === 'string') expect(problem(input)).toBe(message);
    else expect(problem(input)).toMatch(message);
  });

  it('reads a WebVTT NOTE that names a time range: a comment is no timing line', () => {
    expect(
      readCaptions('WEBVTT\n\nNOTE\n00:00:01.000 - 00:00:02.000 to check\n\n00:00:01.000 --> 00:00:02.000\nHello\n'),
    ).toEqual([{ text: 'Hello', start: 1, end: 2 }]);
    expect(() => readCaptions('WEBVTT\n\nNOTE\n\n00:00:01.000 - 00:00:02.000\nHello\n')).toThrow(/^Line 5: a cue's times/);
  });

  it('reads what only looks like a problem: an hour in minutes, a colon after the time, a ratio opening a line', () => {
    expect(readCaptions('0:00 Fine\n61:00 An hour in')[1]).toMatchObject({ start: 3_660, text: 'An hour in' });
    expect(readCaptions('0:00 Intro\n1:02: next\n100:00 Late')).toEqual([
      { text: 'Intro', start: 0, end: 62 },
      { text: 'next', start: 62, end: 6_000 },
      { text: 'Late', start: 6_000, end: 6_002 },
    ]);
    // A line that only starts with a ratio is words said.
    expect(readCaptions('0:00 Welcome\n2:1 odds, they said')).toEqual([
      { text: 'Welcome 2:1 odds, they said', start: 0, end: 2 },
    ]);
  });
});

describe('captions read whole and clean (a stranger fuzzing the readers)', () => {
  const texts = (file: string) => readCaptions(file).map(({ text }) => text);

  it("keeps a SubRip line that opens with 'NOTE': the parser took it for a WebVTT comment and lost the cue's rest", () => {
    const file =
      '1\n00:00:01,000 --> 00:00:04,000\nWe have\nNOTED. your concerns\nand will act\n\n2\n00:00:05,000 --> 00:00:06,000\nThanks\n';
    expect(texts(file)).toEqual(['We have NOTED. your concerns and will act', 'Thanks']);
  });

  it('keeps no control character or direction override, written as a character reference or not', () => {
    expect(texts('1\n00:00:01,000 --> 00:00:02,000\nx&#8;y&#x1B;[2Jz\n')).toEqual(['xy[2Jz']);
    expect(texts('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nok&#1; then&#x7f;\n')).toEqual(['ok then']);
    expect(texts('1:02 abc\u202Egnp.exe')).toEqual(['abcgnp.exe']);
    // A cue of nothing else says nothing: no cue.
    expect(texts('1\n00:00:01,000 --> 00:00:02,000\n&#7;\n\n2\n00:00:03,000 --> 00:00:04,000\nHi\n')).toEqual(['Hi']);
  });

  it('takes a dash or colon after a time as a separator only when a space follows it', () => {
    expect(texts('1:02 -5 degrees tonight\n1:10 --help is a flag\n1:20 - said\n1:30: too')).toEqual([
      '-5 degrees tonight',
      '--help is a flag',
      'said',
      'too',
    ]);
  });

  it('takes out the formats’ markup only, leaving words in angle brackets', () => {
    expect(texts('1:02 if a<b and c>d then')).toEqual(['if a<b and c>d then']);
    expect(
      texts(
        '1\n00:00:01,000 --> 00:00:02,000\n<i>Hi</i> <font color="#fff">there</font>, <s>gone</s> <font>plain</font> a<b c>d\n',
      ),
    ).toEqual(['Hi there, gone plain a<b c>d']);
    expect(
      texts('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v.loud Bob>Hello <c.yellow>you</c> <00:00:01.500>now</v> <i.x>it</i>\n'),
    ).toEqual(['Hello you now it']);
  });
});

describe("captions read as they were written (a stranger's property tests)", () => {
  const srt = (...cues: [from: string, to: string, text: string][]) =>
    cues.map(([from, to, text], i) => `${i + 1}\n00:00:${from},000 --> 00:00:${to},000\n${text}\n`).join('\n');

  it('keeps a line said again at the top of the next cue, as a song says it, when the captions do not roll', () => {
    const song = srt(
      ['01', '03', 'Let it be\nLet it be'],
      ['03', '05', 'Let it be\nWhisper words of wisdom'],
      ['05', '07', 'Let it be'],
    );
    expect(readCaptions(song).map((cue) => cue.text)).toEqual([
      'Let it be Let it be',
      'Let it be Whisper words of wisdom',
      'Let it be',
    ]);
  });

  it('does not take one short repeat of a line for rolling captions: the song after it keeps its lines', () => {
    // 'Yeah.' said again in a cue of no length (as one of the podcasts has it), then the song.
    const song = srt(
      ['00', '01', 'Yeah.'],
      ['01', '01', 'Yeah.'],
      ['01', '03', 'Let it be\nLet it be'],
      ['03', '05', 'Let it be\nWhisper words of wisdom'],
      ['05', '07', 'Let it be'],
    );
    expect(readCaptions(song).map((cue) => cue.text)).toEqual([
      'Yeah.',
      'Yeah.',
      'Let it be Let it be',
      'Let it be Whisper words of wisdom',
      'Let it be',
    ]);
  });

  it('reads captions that roll without their 10 ms echoes (a converter left them out) once', () => {
    const rolled = srt(
      ['00', '02', 'so today we'],
      ['02', '04', 'so today we\ntalk about buses'],
      ['04', '06', 'talk about buses\nand why they'],
      ['06', '08', 'and why they\nare late'],
      ['08', '10', 'are late\nmost days'],
    );
    expect(readCaptions(rolled).map((cue) => cue.text)).toEqual([
      'so today we',
      'talk about buses',
      'and why they',
      'are late',
      'most days',
    ]);
  });

  it('reads short rolling captions once when a converter kept only one of their 10 ms echoes', () => {
    // YouTube's automatic captions of a short clip, converted to SubRip by a tool that left out all
    // but one echo (a cue of no length here, as a converter rounding to frames leaves it).
    const rolled = srt(
      ['00', '02', 'so today we'],
      ['02', '04', 'so today we\ntalk about buses'],
      ['04', '04', 'talk about buses'],
      ['04', '06', 'talk about buses\nand why they'],
      ['06', '08', 'and why they\nare late'],
    );
    expect(readCaptions(rolled).map((cue) => cue.text)).toEqual(['so today we', 'talk about buses', 'and why they', 'are late']);
  });

  it('reads a line of words that opens with two times as words, below a timing (our own export of such a quote was refused)', () => {
    const said = '00:03:59,400 to 00:03:58,200 in one year';
    expect(readCaptions(srt(['01', '04', `The record went from\n${said}`])).map((cue) => cue.text)).toEqual([
      `The record went from ${said}`,
    ]);
    expect(readCaptions(`WEBVTT\n\n00:01.000 --> 00:04.000\n${said.replace(/,/g, '.')}\n`)[0]!.text).toBe(
      said.replace(/,/g, '.'),
    );
    // A line of two times alone is a timing mistyped, also where the blank line before it was left out.
    expect(problem('1\n00:00:01,000 --> 00:00:02,000\nHello\n2\n00:00:03,000 -> 00:00:04,000\nWorld\n')).toBe(
      'Line 5: a cue\'s times must read like "00:01:02,500 --> 00:01:05,000"',
    );
    expect(problem('1\n00:00:01,000 --> 00:00:02,000\nHello\n00:00:03,000 -> 00:00:04,000\nWorld\n')).toBe(
      'Line 4: a cue\'s times must read like "00:01:02,500 --> 00:01:05,000"',
    );
    // Where a timing goes, under a cue's number, it is still a timing mistyped.
    expect(problem(`1\n${said}\nwords\n\n2\n00:00:05,000 --> 00:00:06,000\nFine.\n`)).toBe(
      'Line 2: a cue\'s times must read like "00:01:02,500 --> 00:01:05,000"',
    );
  });

  it("keeps braces after a backslash as words in WebVTT, where they are no editor's override tag", () => {
    expect(readCaptions('WEBVTT\n\n00:01.000 --> 00:04.000\nIn LaTeX {\\bf bold} is old\n')[0]!.text).toBe(
      'In LaTeX {\\bf bold} is old',
    );
    expect(readCaptions(srt(['01', '04', '{\\an8}Up top']))[0]!.text).toBe('Up top');
  });

  it('refuses a cue time of 60 seconds, which is no time on a clock', () => {
    expect(() => readCaptions('1\n00:00:60,000 --> 00:01:02,000\nHello.\n')).toThrow(/on a clock/);
    expect(() => readCaptions('1\n00:00:59,000 --> 00:01:02,000\nHello.\n')).not.toThrow();
  });

  it('reads rolling captions that carry three lines over once, keeping only the new line', () => {
    const vtt = [
      'WEBVTT',
      '',
      '00:00:00.000 --> 00:00:00.990',
      'hello there',
      '',
      // The 10 ms echo that tells these captions roll.
      '00:00:00.990 --> 00:00:01.000',
      'hello there',
      '',
      '00:00:01.000 --> 00:00:04.000',
      'bus lanes came first',
      'they cost little',
      'and moved more people',
      '',
      '00:00:04.000 --> 00:00:07.000',
      'bus lanes came first',
      'they cost little',
      'and moved more people',
      'than cars ever did',
      '',
    ].join('\n');
    expect(readCaptions(vtt).map((s) => s.text)).toEqual([
      'hello there',
      'bus lanes came first they cost little and moved more people',
      'than cars ever did',
    ]);
  });

  it('joins lines of Chinese or Japanese without a space, and other lines with one', () => {
    const cue = readCaptions(
      srt(['01', '04', '今日は新しいバス路線について話し\nます。運賃は変わりません。\nFares stay\nthe same']),
    );
    expect(cue[0]!.text).toBe('今日は新しいバス路線について話します。運賃は変わりません。 Fares stay the same');
    // A character past the 16-bit range ('𠮷', two UTF-16 units) at either side of the break.
    expect(readCaptions(srt(['01', '04', '今日は𠮷\n野家に行く']))[0]!.text).toBe('今日は𠮷野家に行く');
    expect(readCaptions(srt(['01', '04', '吉\n𠮷野家']))[0]!.text).toBe('吉𠮷野家');
  });
});

describe('captions no line can hold the reader on (a stranger reviewing the session)', () => {
  it('reads a line of a million spaces ending in a line separator, or in a mistyped time, at once: a 3 kB upload took seconds, 10 kB minutes', () => {
    const spaces = ' '.repeat(1_000_000);
    // The separator ends the line, as editors show it: the next line, without a time, goes on from it.
    expect(readCaptions(`0:01 hello\n1:02${spaces}x\u2028y`).map(({ text }) => text)).toEqual(['hello', 'x y']);
    expect(readCaptions('0:01 a\u2028b').map(({ text }) => text)).toEqual(['a b']);
    const srt = `1\n00:00:01,000 --> 00:00:02,000\nhi\n\n00:00:03,000${spaces}x\n`;
    // (A line after the blank that looks like no cue is read as the cue's words, as before.)
    expect(readCaptions(srt).map(({ text }) => text)).toEqual(['hi 00:00:03,000 x']);
    expect(() => readCaptions(`1\n00:00:01,000 --> 00:00:02,000\nhi\n\n2\n00:00:03,000${spaces}-> 00:00:04,000\nx\n`)).toThrow(
      /^Line 6: a cue's times must read like/,
    );
  });
});

describe('captions at the edges of what the formats allow (a mutation audit)', () => {
  const texts = (file: string) => readCaptions(file).map(({ text }) => text);
  const cueTimes = 'a cue\'s times must read like "00:01:02,500 --> 00:01:05,000"';
  const vttTimes = 'a cue\'s times must read like "00:01:02.500 --> 00:01:05.000"';
  const offClock =
    'a cue\'s times must be on a clock (seconds, and minutes after hours, up to 59), like "00:01:02,500 --> 00:01:05,000"';

  it('reads WebVTT saved with a byte order mark, and SubRip whose arrows have no space around them', () => {
    expect(readCaptions('\uFEFFWEBVTT\n\n00:01.000 --> 00:02.000\nIn LaTeX {\\bf bold}\n')).toEqual([
      { text: 'In LaTeX {\\bf bold}', start: 1, end: 2 },
    ]);
    expect(readCaptions('1\n00:00:01,000-->00:00:02,000\none\n\n2\n00:00:02,000-->00:00:03,000\ntwo\n')).toEqual([
      { text: 'one', start: 1, end: 2 },
      { text: 'two', start: 2, end: 3 },
    ]);
  });

  it('takes out closing language tags, karaoke times without hours and tags in capitals', () => {
    expect(texts('WEBVTT\n\n00:01.000 --> 00:02.000\n<lang en>Hi</lang> <00:01.500>there\n')).toEqual(['Hi there']);
    expect(texts('1\n00:00:01,000 --> 00:00:02,000\n<I>Hi</I> <B>there</B>\n')).toEqual(['Hi there']);
  });

  it('reads a fraction of a second after a comma in timed text, and a cue that lasts no time', () => {
    expect(readCaptions('0:00 a\n0:01,5 b\n')).toEqual([
      { text: 'a', start: 0, end: 1.5 },
      { text: 'b', start: 1.5, end: 3.5 },
    ]);
    expect(readCaptions('1\n00:00:01,000 --> 00:00:01,000\nBlink.\n\n2\n00:00:01,000 --> 00:00:02,000\nNext.\n')).toEqual([
      { text: 'Blink.', start: 1, end: 1 },
      { text: 'Next.', start: 1, end: 2 },
    ]);
  });

  it.each([
    [
      'a fraction in four digits after a bracket',
      '0:00 a\n[0:02.1234] b',
      'Line 2: this time does not read: write it like "1:02" or "1:02:03" (seconds, and minutes after hours, up to 59)',
    ],
    ['SubRip milliseconds in two digits', '1\n00:00:01,50 --> 00:00:02,000\nHi\n', `Line 2: ${cueTimes}`],
    ['a digit after the end time', '1\n00:00:01,000 --> 00:00:02,0005\nHi\n', `Line 2: ${cueTimes}`],
    [
      'an arrow of three wrong characters',
      '1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:03,000 ==> 00:00:04,000\nB\n',
      `Line 6: ${cueTimes}`,
    ],
    [
      'a mistyped timing with cue settings right under a cue',
      'WEBVTT\n\n00:01.000 --> 00:02.000\nHello\n00:03.000 -> 00:04.000 align:start\nWorld\n',
      `Line 5: ${vttTimes}`,
    ],
    [
      "a mistyped timing under a cue's line that opens with NOTE",
      'WEBVTT\n\n00:01.000 --> 00:02.000\nNOTE well\n00:03.000 -> 00:04.000\nHi\n',
      `Line 5: ${vttTimes}`,
    ],
    ['60 minutes after an hour', '1\n01:60:00,000 --> 02:00:00,000\nOdd.\n', `Line 2: ${offClock}`],
    ['an end time off the clock', '1\n00:00:01,000 --> 00:00:61,000\nOdd.\n', `Line 2: ${offClock}`],
    [
      'a WebVTT end time with a comma',
      'WEBVTT\n\n00:00:01.000 --> 00:00:02,000\nComma.\n',
      'Line 3: WebVTT writes a full stop before the milliseconds, like "00:01:02.500 --> 00:01:05.000"',
    ],
    [
      'a WebVTT cue named NOTE, which players take for a comment',
      'WEBVTT\n\nNOTE 1\n00:01.000 --> 00:02.000\nHello\n\n00:03.000 --> 00:04.000\nBye\n',
      'Line 4: this cue could not be read as WebVTT',
    ],
    [
      'a cue starting half a second before the one above',
      '1\n00:00:05,000 --> 00:00:06,000\nA\n\n2\n00:00:04,500 --> 00:00:07,000\nB\n',
      'Line 6: this cue starts before the cue above it; cues must be in time order',
    ],
    [
      'a cue right under the signature',
      'WEBVTT\n00:01.000 --> 00:02.000\nHi\n',
      'Line 1: not WebVTT we can read (Missing blank line after signature)',
    ],
  ])('names the line of the problem: %s', (_, input, message) => {
    expect(problem(input)).toBe(message);
  });

  it("reads timed text's bar separator, a time without words as a pause, and the last line as long as its words take", () => {
    expect(texts('1:02 | Welcome\n1:10 | Bye')).toEqual(['Welcome', 'Bye']);
    expect(readCaptions('0:00 a\n0:05\n0:09 b')).toEqual([
      { text: 'a', start: 0, end: 5 },
      { text: 'b', start: 9, end: 11 },
    ]);
    // Two lines at the same time are in order.
    expect(readCaptions('0:01 a\n0:01 b')).toEqual([
      { text: 'a', start: 1, end: 1 },
      { text: 'b', start: 1, end: 3 },
    ]);
    // Ten words at 2.5 words a second.
    expect(readCaptions('0:00 one two three four five six seven eight nine ten')[0]!.end).toBe(4);
  });

  it('reads exactly as many cues or lines as the limit allows, and names the first one over it', () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:02,000 --> 00:00:03,000\nB\n\n3\n00:00:03,000 --> 00:00:04,000\nC\n';
    expect(readCaptions(srt, { maxCues: 3 })).toHaveLength(3);
    expect(() => readCaptions(srt, { maxCues: 2 })).toThrow(/^Line 10: more than 2 cues$/);
    expect(readCaptions('0:01 a\n0:02 b', { maxCues: 2 })).toHaveLength(2);
    expect(() => readCaptions('0:01 a\n0:02 b\n0:03 c', { maxCues: 2 })).toThrow(/^Line 3: more than 2 lines$/);
  });

  it('keeps lines said again when only half of the cues of two lines open with one (not rolling)', () => {
    const srt = ['a b\nb c', 'b c\nc d', 'c d\nd e', 'x y\ny z', 'z w\nw v']
      .map((text, i) => `${i + 1}\n00:00:0${i},000 --> 00:00:0${i + 1},000\n${text}\n`)
      .join('\n');
    expect(texts(srt)).toEqual(['a b b c', 'b c c d', 'c d d e', 'x y y z', 'z w w v']);
    // Nor when fewer than four cues have two lines, though most of them open with a line carried over.
    const few = ['a\nb', 'b\nc', 'c\nd', 'x\ny'].map((text, i) => `${i + 1}\n00:00:0${i},000 --> 00:00:0${i + 1},000\n${text}\n`);
    expect(texts(few.join('\n'))).toEqual(['a b', 'b c', 'c d', 'x y']);
    // Two cues showing nothing, the second for 10 ms, are no echo of a line: these captions do not roll.
    const blank = 'WEBVTT\n\n00:01.000 --> 00:02.000\n&lrm;\n\n00:02.000 --> 00:02.010\n&lrm;\n\n';
    expect(texts(`${blank}00:03.000 --> 00:05.000\nLet it be\nWhisper\n\n00:05.000 --> 00:07.000\nWhisper\nwords\n`)).toEqual([
      'Let it be Whisper',
      'Whisper words',
    ]);
  });
});
