import { analysisOutputSchema, type Topic } from '@findclips/contracts';
import { decodeHTML } from 'entities';
import { lexer, parse, type Token, type Tokens } from 'marked';
import webvtt from 'node-webvtt';
import { parseSync } from 'subtitle';
import { readCaptions } from '@findclips/analysis';
import { DEMO_VIDEOS } from '@findclips/testing';
import { descriptionChapters } from '@findclips/youtube';
import { analysisMarkdown, analysisSrt, analysisVtt, exportAnalysis, exportFormats, youtubeChapters } from '.';

const quote = (id: string, content: string, startTime: number, endTime: number) => ({ id, content, startTime, endTime });
const topics: Topic[] = [
  {
    id: 't1',
    title: 'Why cities add *bus* lanes',
    startTime: 0,
    endTime: 754,
    quotes: [quote('q1', 'A lane costs a tenth of a road & pays back <fast>.', 95.5, 120.25)],
  },
  {
    id: 't2',
    title: 'Paying for transit',
    startTime: 754,
    endTime: 3700,
    quotes: [quote('q2', 'Fares --> a third.\nGrants the rest.', 800, 830), quote('q3', 'Parking pays too.', 3650, 3690)],
  },
  { id: 't3', title: 'What comes next', startTime: 3700, endTime: 4000, quotes: [] },
];

describe('YouTube chapters', () => {
  // What we write is read back, by the reader the worker applies YouTube's rules with, as the chapters we meant.
  it('writes topics as chapters YouTube shows: 0:00 first, H:MM:SS on a video past an hour', () => {
    const { text, notes } = youtubeChapters(topics, 4000);
    expect(text).toBe('0:00:00 Why cities add *bus* lanes\n0:12:34 Paying for transit\n1:01:40 What comes next');
    expect(descriptionChapters(text, 4000)).toEqual([
      { start: 0, title: 'Why cities add *bus* lanes' },
      { start: 754, title: 'Paying for transit' },
      { start: 3700, title: 'What comes next' },
    ]);
    expect(notes).toEqual([]);
  });

  it('writes the hours of a chapter past the length the video was said to have (captions timed past it)', () => {
    const late = [
      { title: 'Opening', startTime: 36_000, endTime: 36_074 },
      { title: 'Highway lanes', startTime: 36_074, endTime: 36_400 },
      { title: 'Closing', startTime: 36_400, endTime: 36_600 },
    ];
    // (The last is dropped: it would start after the video ends.)
    expect(youtubeChapters(late, 720).text).toBe('0:00:00 Opening\n10:01:14 Highway lanes');
  });

  it('keeps a chapter of exactly 10 s, and writes H:MM:SS on a video past an hour whose chapters all start in its first', () => {
    const tenSeconds = [
      { title: 'Opening', startTime: 0, endTime: 10 },
      { title: 'Buses', startTime: 10, endTime: 600 },
      { title: 'Trams', startTime: 600, endTime: 1200 },
    ];
    expect(youtubeChapters(tenSeconds, 3700)).toEqual({
      text: '0:00:00 Opening\n0:00:10 Buses\n0:10:00 Trams',
      notes: [],
    });
  });

  it('writes chapters in time order, each at the second it starts in, on a video of exactly an hour in H:MM:SS, a last chapter of exactly 10 s kept', () => {
    const { text, notes } = youtubeChapters(
      [
        { title: 'Trams', startTime: 754.6, endTime: 3590 },
        // Within its first second: at 0:00 already, nothing to note.
        { title: 'Opening', startTime: 0.5, endTime: 754.6 },
        { title: 'Closing', startTime: 3590, endTime: 3600 },
      ],
      3600,
    );
    // 12:34.6 is at 12:34, where the time link of the Markdown notes opens it too.
    expect(text).toBe('0:00:00 Opening\n0:12:34 Trams\n0:59:50 Closing');
    expect(notes).toEqual([]);
  });

  it('merges or drops what breaks the rules, and says so', () => {
    const { text, notes } = youtubeChapters(
      [
        { title: 'Cold open', startTime: 4, endTime: 60 },
        { title: 'Hello', startTime: 60, endTime: 65 },
        { title: 'The plan', startTime: 65, endTime: 300 },
        { title: 'Main part', startTime: 300, endTime: 595 },
        { title: 'Bye', startTime: 595, endTime: 600 },
      ],
      600,
    );
    // The 5 s 'Hello' goes into the 235 s after it, which keeps its own title.
    expect(text).toBe('0:00 Cold open\n1:00 The plan\n5:00 Main part');
    expect(descriptionChapters(text, 600)).toEqual([
      { start: 0, title: 'Cold open' },
      { start: 60, title: 'The plan' },
      { start: 300, title: 'Main part' },
    ]);
    expect(notes).toEqual([
      '"Cold open" starts at 0:00, as YouTube\'s first chapter must.',
      '"Hello" is merged into "The plan": a chapter must last at least 10 s.',
      '"Bye" is dropped: it would last under 10 s before the video ends.',
    ]);
  });

  it('writes < and > as look-alikes, which a description may hold', () => {
    const { text, notes } = youtubeChapters(
      [
        { title: 'Intro', startTime: 0, endTime: 60 },
        { title: 'Rust <3 Go', startTime: 60, endTime: 120 },
        { title: 'Input -> output', startTime: 120, endTime: 180 },
      ],
      180,
    );
    expect(text).toBe('0:00 Intro\n1:00 Rust ‹3 Go\n2:00 Input -› output');
    expect(descriptionChapters(text, 180).map((c) => c.title)).toEqual(['Intro', 'Rust ‹3 Go', 'Input -› output']);
    expect(notes).toEqual([
      '"Rust ‹3 Go": < and > are written ‹ and ›, as YouTube\'s descriptions allow neither.',
      '"Input -› output": < and > are written ‹ and ›, as YouTube\'s descriptions allow neither.',
    ]);
  });

  it('writes a time starting a title with a look-alike colon and leaves out separators around it, which a reader takes for the time, and says so', () => {
    const { text, notes } = youtubeChapters(
      [
        { title: '- Opening remarks -', startTime: 0, endTime: 60 },
        { title: '12:30 to freedom', startTime: 60, endTime: 120 },
        { title: '...', startTime: 120, endTime: 180 },
      ],
      180,
    );
    expect(text).toBe('0:00 Opening remarks\n1:00 12∶30 to freedom\n2:00 Chapter 3');
    // Read back as written (an empty title would have made YouTube show no chapters at all).
    expect(descriptionChapters(text, 180).map((c) => c.title)).toEqual(['Opening remarks', '12∶30 to freedom', 'Chapter 3']);
    expect(notes).toEqual([
      '"- Opening remarks -" is written "Opening remarks": a time or a separator around a title is read as part of its chapter\'s time.',
      '"12:30 to freedom" is written "12∶30 to freedom": a time or a separator around a title is read as part of its chapter\'s time.',
      '"..." is written "Chapter 3": a time or a separator around a title is read as part of its chapter\'s time.',
    ]);
  });

  it('says when the list is longer than a YouTube description may be, and how many chapters fit', () => {
    const parts = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        title: `Part ${i + 1}: a fairly long topic title that goes on for a while, and then some more`,
        startTime: i * 60,
        endTime: (i + 1) * 60,
      }));
    const within = youtubeChapters(parts(50), 3_600);
    expect(within.text.length).toBeLessThanOrEqual(5_000);
    expect(within.notes).toEqual([]);
    // Exactly 5,000 characters fit.
    const full = parts(50);
    full[49]!.title += 'x'.repeat(5_000 - within.text.length);
    const exactly = youtubeChapters(full, 3_600);
    expect(exactly.text).toHaveLength(5_000);
    expect(exactly.notes).toEqual([]);
    const { text, notes } = youtubeChapters(parts(60), 3_600);
    expect(text.length).toBeGreaterThan(5_000);
    // What a description holds of it: the lines whole within its first 5,000 characters.
    const fit = text.slice(0, 5_000).split('\n').length - 1;
    expect(fit).toBeLessThan(60);
    expect(notes).toEqual([
      `The list is ${text.length.toLocaleString('en-US')} characters and a YouTube description holds 5,000: its first ${fit} chapters fit, with nothing else in the description.`,
    ]);
  });

  it('says when there are too few topics for YouTube to show chapters', () => {
    const { text, notes } = youtubeChapters(topics.slice(0, 2), 3700);
    expect(notes).toEqual(['YouTube shows chapters only when there are at least 3; this video has 2.']);
    expect(descriptionChapters(text, 3700)).toEqual([]);
    // A single chapter, however short, is kept: nothing is after it to merge it into.
    expect(youtubeChapters([{ title: 'Hello', startTime: 0, endTime: 5 }], 5)).toEqual({
      text: '0:00 Hello',
      notes: ['YouTube shows chapters only when there are at least 3; this video has 1.'],
    });
  });
});

describe('Markdown notes', () => {
  it('read by a Markdown parser: the title, a heading a topic with its time link, quotes as block quotes', () => {
    const tokens = lexer(analysisMarkdown({ title: 'Bus lanes [explained]', youtubeId: 'dQw4w9WgXcQ', topics }));
    // Under the title, the video's link.
    expect(tokens.find((t): t is Tokens.Paragraph => t.type === 'paragraph')?.text).toBe(
      '<https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=0s>',
    );
    const headings = tokens.filter((t): t is Tokens.Heading => t.type === 'heading');
    expect(headings.map((h) => [h.depth, h.text])).toEqual([
      [1, 'Bus lanes \\[explained\\]'],
      [2, '1. Why cities add \\*bus\\* lanes'],
      [2, '2. Paying for transit'],
      [2, '3. What comes next'],
    ]);
    expect(headings.map((h) => h.tokens.map((t) => t.raw).join(''))).toContain('2. Paying for transit');
    const quotes = tokens.filter((t): t is Tokens.Blockquote => t.type === 'blockquote');
    expect(quotes).toHaveLength(3);
    // The quote, then who said it when: two paragraphs, not one run together.
    expect(quotes.map((q) => q.tokens.filter((t) => t.type === 'paragraph').length)).toEqual([2, 2, 2]);
    const hrefs = (list: Token[]): string[] =>
      list.flatMap((t) => [
        ...(t.type === 'link' ? [(t as Tokens.Link).href] : []),
        ...hrefs('tokens' in t && t.tokens ? t.tokens : []),
      ]);
    const links = quotes.flatMap((q) => hrefs(q.tokens));
    expect(links).toEqual([
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=95s',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=800s',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3650s',
    ]);
    expect(quotes[0]!.text).toContain('A lane costs a tenth of a road \\& pays back &lt;fast&gt;.');
  });

  it('escapes what Markdown would read as markup, a character reference or a list, so the notes show the words as said', () => {
    const said = [
      '~~struck~~ text, AT&amp;T &copy; 2024',
      '- not a list',
      '12. not a list either',
      '3) nor this one',
      '+ nor this',
      '---',
      '-',
      '1.',
      '_under_ and snake_case_names, __dunder__',
      'see www.example.com/a_b_c and <https://a.example/x_y> now',
    ];
    const notes = analysisMarkdown({
      title: '~Title~ & co',
      topics: [
        {
          id: 't',
          title: '1) Tilde ~ here',
          startTime: 0,
          endTime: 60,
          // A blank line in a quote would end its block quote, and the list after it would be one.
          quotes: [...said, 'Said on\n\n- two lines'].map((content, i) => quote(`q${i}`, content, i * 10, i * 10 + 9)),
        },
      ],
    });
    const html = parse(notes, { async: false });
    expect(html).not.toMatch(/<(del|ol|ul|li|hr)\b/);
    const shown = decodeHTML(html.replace(/<[^>]+>/g, ''));
    for (const text of [...said, 'Said on - two lines', '~Title~ & co', '1. 1) Tilde ~ here']) expect(shown).toContain(text);
    expect(html).not.toMatch(/<(em|strong)>/);
    // The addresses a quote names are linked as written, no backslash in them.
    expect([...html.matchAll(/href="([^"]*)"/g)].map(([, href]) => href)).toEqual([
      'http://www.example.com/a_b_c',
      'https://a.example/x_y',
    ]);
  });

  it('links an address with & ~ or | in it as written: no backslash in the link or in its text', () => {
    const notes = analysisMarkdown({
      title: 'Links',
      topics: [
        {
          id: 't',
          title: 'Search https://example.com/search?q=a&b=c',
          startTime: 0,
          endTime: 60,
          quotes: [quote('q', 'Docs at www.example.com/a~b and https://example.com/x|y today', 1, 9)],
        },
      ],
    });
    const html = parse(notes, { async: false });
    expect([...html.matchAll(/href="([^"]*)"/g)].map(([, href]) => decodeURI(decodeHTML(href!)))).toEqual([
      'https://example.com/search?q=a&b=c',
      'http://www.example.com/a~b',
      'https://example.com/x|y',
    ]);
    expect(decodeHTML(html.replace(/<[^>]+>/g, ''))).not.toContain('\\');
  });

  it("writes a quote's times as the page's card shows them and its clip plays: from the second it starts in to the one it has ended by", () => {
    const said = [
      {
        ...topics[0]!,
        quotes: [quote('q1', 'A lane costs a tenth of a road.', 95.5, 120.25), quote('q2', 'Yes.', 130.2, 130.6)],
      },
    ];
    const text = analysisMarkdown({ title: 'Bus lanes', youtubeId: 'dQw4w9WgXcQ', topics: said });
    const times = text.split('\n').filter((line) => line.startsWith('> — '));
    // The dashboard's and the shared page's cards say '1:35 - 2:01' and '2:10 - 2:11' (a clip
    // plays a second at least); the notes said '2:00' and '2:10 – 2:10'.
    expect(times).toEqual([
      '> — [1:35](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=95s) – 2:01',
      '> — [2:10](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=130s) – 2:11',
    ]);
  });

  it('writes plain times when there is no video to link to', () => {
    const text = analysisMarkdown({ title: 'talk.srt', topics });
    expect(text).not.toContain('](');
    expect(text).toContain('12:34 – 1:01:40');
    // Times are the second a moment is in, as the time links open it (1:35.5 is at 1:35); a quote
    // ends at the second it has ended by, as its card on the page says (2:00.25 is by 2:01).
    expect(text).toContain('1:35 – 2:01');
    const hour = analysisMarkdown({ title: 'talk.srt', topics: [{ ...topics[2]!, startTime: 0, endTime: 3600 }] });
    expect(hour).toContain('0:00 – 1:00:00');
  });
});

describe('subtitles', () => {
  const expected = [
    // A chapter's title shows as it starts, for 5 s, not over its quotes.
    [0, 5_000, 'Chapter 1: Why cities add *bus* lanes'],
    // Over 42 characters: two lines, broken near the middle.
    [95_500, 120_250, 'A lane costs a tenth of a\nroad & pays back <fast>.'],
    [754_000, 759_000, 'Chapter 2: Paying for transit'],
    [800_000, 830_000, 'Fares --> a third. Grants the rest.'],
    [3_650_000, 3_690_000, 'Parking pays too.'],
    [3_700_000, 3_705_000, 'Chapter 3: What comes next'],
  ];

  it('a chapter cue ends before its first quote when one starts within 5 s, so the two are not stacked', () => {
    const quick = [{ ...topics[0]!, quotes: [{ ...topics[0]!.quotes[0]!, startTime: 3, endTime: 20 }] }];
    const cues = parseSync(analysisSrt(quick)).flatMap((node) => (node.type === 'cue' ? [node.data] : []));
    expect(cues.map((c) => [c.start, c.end])).toEqual([
      [0, 3_000],
      [3_000, 20_000],
    ]);
    // A quote that starts with its topic: the chapter shows 1.5 s, and comes first in the file.
    const together = [{ ...topics[0]!, quotes: [{ ...topics[0]!.quotes[0]!, startTime: 0, endTime: 20 }] }];
    const both = parseSync(analysisSrt(together)).flatMap((node) => (node.type === 'cue' ? [node.data] : []));
    expect(both.map((c) => [c.start, c.end, c.text.startsWith('Chapter 1')])).toEqual([
      [0, 1_500, true],
      [0, 20_000, false],
    ]);
  });

  it('cuts a long quote into cues of two lines of 42 characters at most, timed by their characters, back to back', () => {
    const words = 'Buses carry most riders in the city because lanes of their own let them keep time all day long.';
    const long = [{ ...topics[0]!, quotes: [quote('q1', `${words} ${words} ${words}`, 100, 130)] }];
    const cues = parseSync(analysisSrt(long)).flatMap((node) => (node.type === 'cue' ? [node.data] : []));
    const quoteCues = cues.slice(1);
    expect(quoteCues.length).toBe(4);
    for (const cue of quoteCues) {
      const lines = cue.text.split('\n');
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(42);
    }
    // Nothing lost or added, in order; the quote's time shared out with no gap.
    expect(quoteCues.map((c) => c.text.replace(/\n/g, ' ')).join(' ')).toBe(`${words} ${words} ${words}`);
    expect(quoteCues[0]!.start).toBe(100_000);
    expect(quoteCues.at(-1)!.end).toBe(130_000);
    quoteCues.slice(1).forEach((cue, i) => expect(cue.start).toBe(quoteCues[i]!.end));
    // WebVTT: the first keeps the quote's id, the next add their number.
    const vtt = webvtt.parse(analysisVtt(long), { strict: true });
    expect(vtt.cues.map((c) => c.identifier)).toEqual(['topic-1', 'quote-1-1', 'quote-1-1-2', 'quote-1-1-3', 'quote-1-1-4']);
  });

  it('keeps every line of every quote within 42 characters, and no cue a lone word shown for an instant', () => {
    // Every paragraph of the demo's scripts as a quote, at 150 words a minute (8 s to a few minutes).
    const paragraphs = DEMO_VIDEOS.slice(0, 3).flatMap((video) => video.paragraphs.map((p) => p.text.replace(/\s+/g, ' ')));
    let cueCount = 0;
    for (const text of paragraphs) {
      const seconds = Math.max(8, (text.split(' ').length / 150) * 60);
      const file = analysisSrt([
        { id: 't', title: 'T', startTime: 0, endTime: seconds + 10, quotes: [quote('q', text, 10, 10 + seconds)] },
      ]);
      const cues = parseSync(file)
        .flatMap((node) => (node.type === 'cue' ? [node.data] : []))
        .slice(1);
      cueCount += cues.length;
      expect(cues.map((c) => c.text.replace(/\n/g, ' ')).join(' ')).toBe(text);
      const longest = Math.max(...cues.map((c) => c.text.length));
      for (const cue of cues) {
        const lines = cue.text.split('\n');
        expect({ text: cue.text, lines: lines.length <= 2, fit: lines.every((line) => line.length <= 42) }).toEqual({
          text: cue.text,
          lines: true,
          fit: true,
        });
        // As even as word boundaries allow: no lone word after a full cue, none under a third of the longest.
        const even = cue.text.length >= 0.3 * longest && (cues.length === 1 || cue.text.includes(' '));
        expect({ text: cue.text, even }).toEqual({ text: cue.text, even: true });
      }
    }
    expect(cueCount).toBeGreaterThan(300);
  });

  it('sets Japanese and Chinese as their subtitles are set: 16 characters a line, no line opening on closing punctuation, cues timed within the quote', () => {
    const japanese =
      '地下鉄の建設費用は年々上がっていますが、私たちはそれでも必要な投資だと考えています。本当に大事な点は、駅の周りに人が住み、働き、買い物ができる街をつくるということです。' +
      '「公共交通は赤字だ」とよく言われますが、道路も同じように税金で支えられています。';
    const chinese = '城市公交的核心问题不是车辆数量，而是车辆能否准时到达。专用车道让公交车不再被堵在路上，乘客自然就会回来。';
    // A run of closing punctuation hangs one character at most; prolonged sound marks likewise.
    const runs = [`「${'あ'.repeat(15)}！？」と言いました。`, `え${'ー'.repeat(41)}`];
    for (const text of [japanese, chinese, 'あ'.repeat(170), 'あ'.repeat(509), ...runs]) {
      const file = analysisVtt([{ id: 't', title: 'T', startTime: 0, endTime: 100, quotes: [quote('q', text, 10, 40)] }]);
      const cues = webvtt.parse(file, { strict: true }).cues.slice(1);
      for (const cue of cues) {
        expect(cue.end).toBeGreaterThan(cue.start);
        expect(cue.start).toBeGreaterThanOrEqual(10);
        expect(cue.end).toBeLessThanOrEqual(40);
      }
      expect(cues[0]!.start).toBe(10);
      expect(cues.at(-1)!.end).toBe(40);
      cues.slice(1).forEach((cue, i) => expect(cue.start).toBe(cues[i]!.end));
      const lines = cues.flatMap((cue) => cue.text.split('\n'));
      expect(lines.join('')).toBe(text);
      // One character may hang past the 16th: closing punctuation never starts a line.
      expect(lines.filter((line) => [...line].length > 17)).toEqual([]);
      if (!text.startsWith('え')) expect(lines.filter((line) => /^[、。，」]/.test(line))).toEqual([]);
      expect(lines.filter((line) => /[「]$/.test(line))).toEqual([]);
    }
    // Each cue's share of the time follows its characters: 509 of them over 30 s, 16 to a line, two lines a cue.
    const even = webvtt
      .parse(analysisVtt([{ id: 't', title: 'T', startTime: 0, endTime: 100, quotes: [quote('q', 'あ'.repeat(512), 10, 42)] }]), {
        strict: true,
      })
      .cues.slice(1);
    expect(even.map((cue) => Math.round((cue.end - cue.start) * 1000))).toEqual(new Array(16).fill(2000));
  });

  it('sets an Arabic or Hebrew quote right to left in players, a line that opens on an English word too (a right-to-left mark before it)', () => {
    // As players lay out a subtitle line (SubRip) or cue (WebVTT): in the direction of its first
    // strong character (Unicode's rules P2-P3), a right-to-left mark counting as right to left.
    const direction = (text: string) => {
      const first = /[\u200E\u200F\p{L}]/u.exec(text)?.[0];
      return first && /[\u200F\p{Script=Arabic}\p{Script=Hebrew}]/u.test(first) ? 'rtl' : 'ltr';
    };
    const arabic =
      'الإصدار 19 من React أضاف ميزات جديدة. الآن ننتقل إلى قواعد البيانات مثل PostgreSQL. نكتب استعلامات SQL للبحث في الجداول. الفهرس يجعل البحث أسرع بمئة مرة.';
    const hebrew = 'הצוות שלנו משתמש ב React ובעוד כלים. TypeScript עוזר לנו למצוא טעויות מוקדם. הבנייה לוקחת 3 שניות בלבד.';
    for (const text of [arabic, hebrew]) {
      const file = analysisVtt([{ id: 't', title: 'T', startTime: 0, endTime: 100, quotes: [quote('q', text, 10, 40)] }]);
      const cues = webvtt.parse(file, { strict: true }).cues.slice(1);
      const lines = cues.flatMap((cue) => cue.text.split('\n'));
      // Some lines open on a Latin word (the case that was laid out left to right)...
      expect(cues.some((cue) => /^\P{L}*[A-Za-z]/u.test(cue.text.replace(/\u200F/g, '')))).toBe(text === arabic);
      expect(lines.some((line) => /^\P{L}*[A-Za-z]/u.test(line.replace(/\u200F/g, '')))).toBe(true);
      // ...yet every cue and every line reads right to left, and says the quote's words, no more.
      expect(cues.map((cue) => direction(cue.text))).toEqual(cues.map(() => 'rtl'));
      expect(lines.map(direction)).toEqual(lines.map(() => 'rtl'));
      expect(lines.join(' ').replace(/\u200F/g, '')).toBe(text);
      const srtLines = parseSync(
        analysisSrt([{ id: 't', title: 'T', startTime: 0, endTime: 100, quotes: [quote('q', text, 10, 40)] }]),
      ).flatMap((node) => (node.type === 'cue' && node.data.start >= 10_000 ? node.data.text.split('\n') : []));
      expect(srtLines.map(direction)).toEqual(srtLines.map(() => 'rtl'));
    }
    // A quote in English keeps its lines as they are, without marks.
    expect(
      analysisSrt([
        { id: 't', title: 'T', startTime: 0, endTime: 100, quotes: [quote('q', 'PostgreSQL يعمل. React too.', 10, 40)] },
      ]),
    ).not.toMatch(/\u200F/);
  });

  it('sets an Arabic quote that opens on an English word right to left too, every line of it', () => {
    // As players lay out a line: in the direction of its first strong character, U+200F counting as right to left.
    const direction = (line: string) => {
      const first = /[\u200E\u200F\p{L}]/u.exec(line)?.[0];
      return first && /[\u200F\p{Script=Arabic}]/u.test(first) ? 'rtl' : 'ltr';
    };
    const arabic =
      'React 19 أضاف ميزات جديدة كثيرة. الآن ننتقل إلى قواعد البيانات مثل PostgreSQL. نكتب استعلامات SQL للبحث في الجداول.';
    const srt = analysisSrt([{ id: 't', title: 'T', startTime: 0, endTime: 100, quotes: [quote('q', arabic, 10, 40)] }]);
    const lines = parseSync(srt).flatMap((node) =>
      node.type === 'cue' && node.data.start >= 10_000 ? node.data.text.split('\n') : [],
    );
    expect(lines.join(' ').replace(/\u200F/g, '')).toBe(arabic);
    expect(lines.map((line) => [line.replace(/\u200F/g, ''), direction(line)])).toEqual(
      lines.map((line) => [line.replace(/\u200F/g, ''), 'rtl']),
    );
  });

  it('cuts a line of Japanese where it may be cut: a full stop hangs at the end of the line before, an opening bracket goes down', () => {
    const lines = (content: string) =>
      analysisSrt([{ id: 't', title: 'T', startTime: 0, endTime: 60, quotes: [quote('q', content, 10, 40)] }])
        .trimEnd()
        .split('\n')
        .slice(-2);
    expect(lines('今日は新しいバス路線について話し。運賃は変わりません。')).toEqual([
      '今日は新しいバス路線について話し。',
      '運賃は変わりません。',
    ]);
    expect(lines('今日は新しいバス路線について話「運賃」は変わりません')).toEqual([
      '今日は新しいバス路線について話',
      '「運賃」は変わりません',
    ]);
  });

  it('cuts a quote in Thai between its words, never inside one, in lines and cues', () => {
    // Sentences as the analyzer joins Thai caption lines: no space between them.
    const thai =
      'แม่น้ำเจ้าพระยาไหลผ่านใจกลางเมืองนักท่องเที่ยวชอบนั่งเรือชมวัดริมน้ำวัดอรุณสวยงามมากในยามเย็น' +
      'วันนี้เราจะพูดถึงประวัติศาสตร์ของกรุงเทพมหานครกรุงเทพก่อตั้งขึ้นเมื่อสองร้อยกว่าปีที่แล้ว';
    const file = analysisVtt([{ id: 't', title: 'T', startTime: 0, endTime: 100, quotes: [quote('q', thai, 10, 40)] }]);
    const lines = webvtt
      .parse(file, { strict: true })
      .cues.slice(1)
      .flatMap((cue) => cue.text.split('\n'));
    expect(lines.join('')).toBe(thai);
    expect(lines.filter((line) => line.length > 42)).toEqual([]);
    // Every cut falls where the dictionary puts a word boundary ('นักท่องเ|ที่ยว' cuts 'tourist').
    const boundaries = new Set([...new Intl.Segmenter('th', { granularity: 'word' }).segment(thai)].map((part) => part.index));
    let at = 0;
    const cuts = lines.slice(0, -1).map((line) => (at += line.length));
    expect(
      cuts.filter((cut) => !boundaries.has(cut)).map((cut) => `${thai.slice(cut - 6, cut)}|${thai.slice(cut, cut + 6)}`),
    ).toEqual([]);
  });

  // (How long 20,000 dots take: bench/hostile-text.bench.ts.)
  it('keeps a long address of dots and commas within 42 characters a line', () => {
    for (const text of [`https://example.com/${'.'.repeat(80)}`, '.'.repeat(20_000)]) {
      const file = analysisSrt([{ id: 't', title: 'T', startTime: 0, endTime: 600, quotes: [quote('q', text, 10, 400)] }]);
      const lines = parseSync(file)
        .flatMap((node) => (node.type === 'cue' ? [node.data] : []))
        .slice(1)
        .flatMap((cue) => cue.text.split('\n'));
      expect(lines.filter((line) => line.length > 42)).toEqual([]);
      expect(lines.join('')).toBe(text);
    }
  });

  it('wraps a word longer than a line (a web address, a script written without spaces) in quotes and titles, and writes no cue for a quote of nothing', () => {
    const address = 'https://example.com/a/very/long/path/that/goes/on/and/on/for/ever?x=1';
    const japanese =
      '今日はとても良い天気ですね。私たちは公園に行って、長い時間散歩をしました。その後、駅前のカフェでコーヒーを飲みました。';
    for (const text of [`See ${address} for more.`, japanese]) {
      const file = analysisSrt([{ id: 't', title: 'T', startTime: 0, endTime: 60, quotes: [quote('q', text, 10, 40)] }]);
      const lines = parseSync(file)
        .flatMap((node) => (node.type === 'cue' ? [node.data] : []))
        .slice(1)
        .flatMap((cue) => cue.text.split('\n'));
      expect(lines.filter((line) => line.length > 42)).toEqual([]);
      expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
      // The same word in a topic's title: its chapter cue wraps too.
      const titled = analysisSrt([{ id: 't', title: text.slice(0, 120), startTime: 0, endTime: 60, quotes: [] }]);
      const titleLines = parseSync(titled).flatMap((node) => (node.type === 'cue' ? node.data.text.split('\n') : []));
      expect(titleLines.filter((line) => line.length > 42)).toEqual([]);
      expect(titleLines.join('').replace(/\s/g, '')).toBe(`Chapter 1: ${text.slice(0, 120)}`.replace(/\s/g, ''));
    }
    const blank = [{ id: 't', title: 'T', startTime: 0, endTime: 60, quotes: [quote('q', ' \n ', 10, 40)] }];
    expect(parseSync(analysisSrt(blank)).filter((node) => node.type === 'cue')).toHaveLength(1);
    expect(webvtt.parse(analysisVtt(blank), { strict: true }).cues.map((c) => c.identifier)).toEqual(['topic-1']);
  });

  it('SRT: topics as chapter cues, quotes as cues, in time order (read back by a SubRip parser)', () => {
    const cues = parseSync(analysisSrt(topics)).flatMap((node) => (node.type === 'cue' ? [node.data] : []));
    // < and > as ‹ and ›: a player would take '<fast>' for a tag and hide it.
    const tagless = expected.map(([start, end, text]) => [start, end, String(text).replace('<', '‹').replace('>', '›')]);
    expect(cues.map((c) => [c.start, c.end, c.text])).toEqual(tagless);
    expect(analysisSrt(topics)).toContain('pays back ‹fast›.');
    // SubRip's times have a comma before the milliseconds (a parser that reads a dot too would not tell).
    expect(analysisSrt(topics)).toContain('\n00:01:35,500 --> 00:02:00,250\n');
    // Its cues are numbered from 1, as strict readers and upload forms want.
    expect(analysisSrt(topics)).toMatch(/^1\r?\n00:00:00,000 --> /);
  });

  it('WebVTT: the same cues with ids, escaped (read back by a strict WebVTT parser)', () => {
    const parsed = webvtt.parse(analysisVtt(topics), { strict: true });
    expect(parsed.valid).toBe(true);
    const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    // As the file holds them: & < > as character references (a lone & the parser would let through).
    expect(analysisVtt(topics)).toContain(
      '\n00:01:35.500 --> 00:02:00.250\nA lane costs a tenth of a\nroad &amp; pays back &lt;fast&gt;.\n',
    );
    expect(parsed.cues.map((c) => [Math.round(c.start * 1000), Math.round(c.end * 1000), unescape(c.text)])).toEqual(expected);
    expect(parsed.cues.map((c) => c.identifier)).toEqual([
      'topic-1',
      'quote-1-1',
      'topic-2',
      'quote-2-1',
      'quote-2-2',
      'topic-3',
    ]);
  });
});

describe('subtitle times', () => {
  it('to the millisecond as given and past 99 hours, a chapter cue within its topic and not cut short by a quote from before it', () => {
    const srt = analysisSrt([
      { id: 't1', title: 'Short', startTime: 1.005, endTime: 2, quotes: [] },
      {
        id: 't2',
        title: 'Late',
        startTime: 360_000,
        endTime: 360_060,
        quotes: [quote('q1', 'Said earlier.', 359_990, 360_030), quote('q2', 'Later.', 360_020, 360_040)],
      },
    ]);
    expect(srt).toBe(
      [
        '1\n00:00:01,005 --> 00:00:02,000\nChapter 1: Short\n',
        '2\n99:59:50,000 --> 100:00:30,000\nSaid earlier.\n',
        '3\n100:00:00,000 --> 100:00:05,000\nChapter 2: Late\n',
        '4\n100:00:20,000 --> 100:00:40,000\nLater.\n',
      ].join('\n'),
    );
  });

  it('at the same moment, the longer cue first', () => {
    const vtt = analysisVtt([
      {
        id: 't1',
        title: 'Talk',
        startTime: 0,
        endTime: 60,
        quotes: [quote('q1', 'Brief.', 30, 32), quote('q2', 'Longer.', 30, 40)],
      },
    ]);
    expect(webvtt.parse(vtt, { strict: true }).cues.map((c) => c.identifier)).toEqual(['topic-1', 'quote-1-2', 'quote-1-1']);
  });
});

describe('subtitles exported, then brought back as a member’s captions', () => {
  const oneQuote = (content: string): Topic[] => [
    { id: 't1', title: 'Talk', startTime: 0, endTime: 60, quotes: [quote('q1', content, 10, 40)] },
  ];
  /** The quote's words as the captions upload reads them from the file. */
  const readBack = (file: string) =>
    readCaptions(file)
      .filter((cue) => cue.start >= 10)
      .map((cue) => cue.text)
      .join(' ');

  it.each([
    ['a chorus over two cues', Array<string>(27).fill('yeah').join(' ')],
    ['a line of words opening with two times', '00:03:59,400 to 00:03:58,200 in one year'],
    ['Japanese set over two lines', '今日は新しいバス路線について話します。運賃は変わりません。'],
  ])('reads %s back as said, in SubRip and in WebVTT', (_, said) => {
    expect(readBack(analysisSrt(oneQuote(said)))).toBe(said);
    expect(readBack(analysisVtt(oneQuote(said)))).toBe(said);
  });

  it("reads an arrow in words back as written from WebVTT, and from SubRip with its '>' as '›' (SubRip's players take < > for tags)", () => {
    expect(readBack(analysisVtt(oneQuote('Fares --> a third of the cost')))).toBe('Fares --> a third of the cost');
    expect(readBack(analysisSrt(oneQuote('Fares --> a third of the cost')))).toBe('Fares --› a third of the cost');
  });
});

describe('every format', () => {
  it('JSON is exactly the contract shape: topics and quotes without ids', () => {
    const file = exportAnalysis('json', { title: 'x', topics });
    const json: unknown = JSON.parse(file.text);
    expect(analysisOutputSchema.strict().parse(json)).toEqual(json);
    expect(JSON.stringify(json)).not.toContain('"id"');
  });

  it.each(['json', 'markdown', 'srt', 'vtt'] as const)(
    "%s shows quotes as the app does, without the captions' tags",
    (format) => {
      const tagged: Topic[] = [
        { ...topics[0]!, quotes: [quote('q1', 'Or, well, on loam. [laughter] I would rather pay farmers.', 95.5, 110)] },
      ];
      const file = exportAnalysis(format, { title: 'Soil', youtubeId: 'dQw4w9WgXcQ', topics: tagged, durationSeconds: 400 });
      expect(file.text).not.toContain('laughter');
      expect(file.text.replace(/\s+/g, ' ')).toContain('on loam. I would');
    },
  );

  it('leaves out a quote of tags alone, which says nothing: the JSON keeps its contract, the notes no empty block quote', () => {
    const tagsOnly: Topic[] = [
      { ...topics[0]!, quotes: [quote('q1', '[Music]', 95.5, 110), quote('q2', 'Pay farmers.', 120, 130)] },
    ];
    const source = { title: 'Soil', youtubeId: 'dQw4w9WgXcQ', topics: tagsOnly, durationSeconds: 400 };
    const json = analysisOutputSchema.parse(JSON.parse(exportAnalysis('json', source).text));
    expect(json.topics[0]!.quotes.map((q) => q.content)).toEqual(['Pay farmers.']);
    expect(exportAnalysis('markdown', source).text.match(/^> — /gm)).toHaveLength(1);
  });

  it('chapters are timed by the length of the video when known, not of its topics', () => {
    const hour = [
      { ...topics[0]!, startTime: 0, endTime: 1200 },
      { ...topics[1]!, startTime: 1200, endTime: 2400 },
      { ...topics[2]!, startTime: 2400, endTime: 3590 },
    ];
    expect(exportAnalysis('chapters', { title: 'x', topics: hour, durationSeconds: 3605 }).text).toBe(
      '0:00:00 Why cities add *bus* lanes\n0:20:00 Paying for transit\n0:40:00 What comes next\n',
    );
  });

  it.each(exportFormats)('%s has a file type and ends with a newline', (format) => {
    const file = exportAnalysis(format, { title: 'Bus lanes', youtubeId: 'dQw4w9WgXcQ', topics, durationSeconds: 4000 });
    expect(file.extension).toMatch(/^[a-z]+$/);
    expect(file.mimeType).toMatch(/^[a-z]+\/[\w.+-]+$/);
    expect(file.text.endsWith('\n')).toBe(true);
  });
});

describe('subtitles of a quote of thousands of words (a stranger sweeping for what grows too fast)', () => {
  it('fills the lines of a 100,000-word quote in turn: balancing 30,000 took 6 s and 1 GB', () => {
    const words = Array.from({ length: 100_000 }, (_, i) => `w${i % 10}`);
    const topic: Topic = {
      id: 't1',
      title: 'One long cue',
      startTime: 0,
      endTime: 60,
      quotes: [{ id: 'q1', content: words.join(' '), startTime: 0, endTime: 60 }],
    };
    const cues = parseSync(analysisSrt([topic])).flatMap((node) => (node.type === 'cue' ? [node.data] : []));
    const said = cues.filter((cue) => cue.text.startsWith('w')).flatMap((cue) => cue.text.split(/\s+/));
    expect(said).toEqual(words);
  });
});
