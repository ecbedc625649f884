import type { Topic } from '@findclips/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlaybackProvider } from './components/playback';
import { markMatches, search, searchEntries } from './dashboard/search';
import { SearchSection } from './dashboard/search-section';
import { fakeApi, json, renderWithApp } from './test/render';

const topics: Topic[] = [
  {
    id: 't2',
    title: 'Why cities add bus lanes',
    startTime: 600,
    endTime: 1_200,
    quotes: [{ id: 'q3', content: 'A bus lane moves more people than a car lane ever will.', startTime: 640, endTime: 660 }],
  },
  {
    id: 't1',
    title: 'The café economy',
    startTime: 0,
    endTime: 600,
    quotes: [{ id: 'q1', content: 'Every café on the corner is a small bet on the street.', startTime: 30, endTime: 50 }],
  },
];
const segments = [
  { text: 'Welcome to the show.', start: 0, end: 4 },
  { text: 'We start with the Cafe owners of Lyon.', start: 4, end: 9 },
  { text: 'Nobody ambushed anyone.', start: 9, end: 12 },
  { text: 'Now, buses: they are the backbone of a city.', start: 610, end: 615 },
  { text: 'Thanks for listening, and see you next week.', start: 1_300, end: 1_306 },
];

/** The line that says how many matches there are (a status, read out as it changes). */
const count = () => document.querySelector('[data-search-count]');

/** The search of a video whose transcript the fake API serves: the calls the page makes. */
function showSearch({ lines = segments, shown = topics }: { lines?: typeof segments; shown?: Topic[] } = {}) {
  const calls = fakeApi({ 'GET /api/videos/dQw4w9WgXcQ/transcript': json(200, { videoId: 'dQw4w9WgXcQ', segments: lines }) });
  renderWithApp(
    <PlaybackProvider>
      <SearchSection youtubeId="dQw4w9WgXcQ" topics={shown} transcriptUrl="/api/videos/dQw4w9WgXcQ/transcript" />
    </PlaybackProvider>,
    { user: null },
  );
  return calls;
}

describe('searching a video', () => {
  const entries = searchEntries(topics, segments);

  it('finds every word of the query at the start of a word, whatever the case and accents, in the order they play', () => {
    expect(search(entries, 'bus').map((hit) => [hit.kind, hit.start, hit.topic])).toEqual([
      ['title', 600, 2],
      ['line', 610, 2],
      ['quote', 640, 2],
    ]);
    // "bus" is not in "ambushed"; "café" finds "Cafe" and "café"; every word must be there.
    expect(search(entries, 'CAFE').map((hit) => hit.text)).toEqual([
      'The café economy',
      'We start with the Cafe owners of Lyon.',
      'Every café on the corner is a small bet on the street.',
    ]);
    expect(search(entries, 'cafe lyon').map((hit) => hit.start)).toEqual([4]);
    expect(search(entries, 'cafe tokyo')).toEqual([]);
    expect(search(entries, '  ...  ')).toEqual([]);
    // A line plays to the end of its topic; one after the last topic, to its own end.
    expect(search(entries, 'backbone')[0]).toMatchObject({ start: 610, end: 1_200 });
    expect(search(entries, 'listening')[0]).toMatchObject({ start: 1_300, end: 1_306 });
  });

  it('takes accents off letters of alphabets only: a Hangul syllable or a voiced kana is its own letter', () => {
    const lines = searchEntries(
      [],
      [
        { text: '한국어 공부', start: 0, end: 2 },
        { text: '학교에 가요', start: 2, end: 4 },
        { text: 'かぎをなくした', start: 4, end: 6 },
        { text: 'かきを食べた', start: 6, end: 8 },
        { text: 'Ёлка и ёж, Ελλάδα, Tiếng Việt', start: 8, end: 10 },
      ],
    );
    expect(search(lines, '한국').map((hit) => hit.start)).toEqual([0]);
    expect(search(lines, '학교').map((hit) => hit.start)).toEqual([2]);
    expect(search(lines, 'かぎ').map((hit) => hit.start)).toEqual([4]);
    expect(search(lines, 'かき').map((hit) => hit.start)).toEqual([6]);
    for (const query of ['елка', 'ελλαδα', 'tieng viet']) expect([query, search(lines, query).length]).toEqual([query, 1]);
    expect(markMatches('학교에 가요', '한국')).toEqual([{ text: '학교에 가요', match: false }]);
    // An accent typed apart (NFD, as macOS may send it) is the letter's.
    expect(search(entries, 'cafe\u0301').map((hit) => hit.text)).toEqual(search(entries, 'café').map((hit) => hit.text));
  });

  it("keeps the marks that are part of a letter (Devanagari's vowel signs, Thai's vowels) and finds Arabic with or without its short vowels", () => {
    const lines = searchEntries(
      [],
      [
        { text: 'कपास के किसान कर्ज़ में डूबे हुए हैं।', start: 0, end: 2 },
        { text: 'सब लोग कल नहीं आए, कमरा खाली है।', start: 2, end: 4 },
        { text: 'سر الكبّة الجيدة هو البرغل الناعم', start: 4, end: 6 },
        { text: 'أكلنا الكبة مع عائلتي', start: 6, end: 8 },
        { text: 'ผมชอบกินข้าวมาก', start: 8, end: 10 },
        { text: 'ผมชอบขาว', start: 10, end: 12 },
      ],
    );
    const found = (query: string) => search(lines, query).map((hit) => hit.start);
    // Not any line with words starting क, स and न.
    expect(found('किसान')).toEqual([0]);
    expect(found('कमरा')).toEqual([2]);
    expect(markMatches('सब लोग कल नहीं आए, कमरा खाली है।', 'कमरा')).toEqual([
      { text: 'सब लोग कल नहीं आए, ', match: false },
      { text: 'कमरा', match: true },
      { text: ' खाली है।', match: false },
    ]);
    // Thai's vowel marks are its letters: ข้าว (rice) is not ขาว (white).
    expect(found('ข้าว')).toEqual([8]);
    // Shadda typed or not, written or not; the mark in the text is marked with its word.
    expect(found('الكبّة')).toEqual([4, 6]);
    expect(found('الكبة')).toEqual([4, 6]);
    // Hebrew's maqaf joins words as a space does: each is a word of its own, its points optional.
    const hebrew = searchEntries([], [{ text: 'הלכנו לבית־ספר חדש', start: 0, end: 2 }]);
    expect(search(hebrew, 'ספר').map((hit) => hit.start)).toEqual([0]);
    expect(search(hebrew, 'סֵפֶר').map((hit) => hit.start)).toEqual([0]);
    expect(markMatches('سر الكبّة الجيدة', 'الكبة')).toEqual([
      { text: 'سر ', match: false },
      { text: 'الكبّة', match: true },
      { text: ' الجيدة', match: false },
    ]);
  });

  it('finds a phrase the captions cut across two lines, at the line where it starts', () => {
    const lines = searchEntries(topics, [
      { text: 'The bus lane is the', start: 100, end: 103 },
      { text: 'cheapest transit you can buy.', start: 103, end: 106 },
      { text: 'Cheapest of all: paint.', start: 200, end: 203 },
    ]);
    expect(search(lines, 'bus lane is the cheapest')).toMatchObject([
      { kind: 'line', start: 100, text: 'The bus lane is the cheapest transit you can buy.' },
    ]);
    // Every word in the second line alone: that line, once (also when the first says one of them).
    expect(search(lines, 'cheapest transit').map((hit) => hit.start)).toEqual([103]);
    const said = searchEntries(topics, [
      { text: 'I love transit, and the', start: 100, end: 103 },
      { text: 'cheapest transit you can buy.', start: 103, end: 106 },
    ]);
    expect(search(said, 'cheapest transit').map((hit) => hit.start)).toEqual([103]);
    // Lines said apart (a pause of over 5 s) hold no one phrase.
    expect(search(lines, 'buy cheapest paint')).toEqual([]);
  });

  it('finds words in quotation marks only together and in that order, also across two lines', () => {
    // Unquoted, the words may be anywhere in a text; quoted, they are one phrase.
    expect(search(entries, 'lane bus').map((hit) => hit.kind)).toEqual(['title', 'quote']);
    expect(search(entries, '"lane bus"')).toEqual([]);
    expect(search(entries, '"bus lane"').map((hit) => hit.text)).toEqual([
      'Why cities add bus lanes',
      'A bus lane moves more people than a car lane ever will.',
    ]);
    // Typographic marks as phones type them; a phrase's words may be split by punctuation.
    expect(search(entries, '“bus lanes”').map((hit) => hit.kind)).toEqual(['title']);
    expect(search(entries, '"now buses"').map((hit) => hit.start)).toEqual([610]);
    // A phrase being typed (no closing mark yet), beside a word.
    expect(search(entries, 'lyon "cafe own').map((hit) => hit.start)).toEqual([4]);
    expect(search(entries, '"cafe lyon"')).toEqual([]);
    expect(search(entries, '""')).toEqual([]);
    const lines = searchEntries(topics, [
      { text: 'The bus lane is the', start: 100, end: 103 },
      { text: 'cheapest transit you can buy.', start: 103, end: 106 },
    ]);
    expect(search(lines, '"the cheapest transit"')).toMatchObject([
      { start: 100, text: 'The bus lane is the cheapest transit you can buy.' },
    ]);
    expect(search(lines, '"bus cheapest"')).toEqual([]);
    expect(markMatches('A bus, lane and a bus', '"bus lane"')).toEqual([
      { text: 'A ', match: false },
      { text: 'bus, lane', match: true },
      { text: ' and a bus', match: false },
    ]);
  });

  it("finds and shows the words as said, not the captions' non-speech tags", () => {
    const tagged = searchEntries(
      [{ ...topics[0]!, quotes: [{ id: 'q', content: 'Square pizza! [laughter] Best part.', startTime: 5, endTime: 20 }] }],
      [{ text: 'bring back the square pizza. [laughter] I wrote', start: 30, end: 33 }],
    );
    expect(search(tagged, 'laughter')).toEqual([]);
    expect(search(tagged, 'square pizza').map((hit) => hit.text)).toEqual([
      'Square pizza! Best part.',
      'bring back the square pizza. I wrote',
    ]);
  });

  it('lists words a quote says once, as the quote, not again as the lines it was cut from', () => {
    const said = searchEntries(topics, [
      { text: 'Now, buses: they are the backbone of a city.', start: 610, end: 615 },
      // The quote (640-660) is these two lines, up to 'will.'; the second goes on past it.
      { text: 'A bus lane moves more people', start: 640, end: 650 },
      { text: 'than a car lane ever will. Buses are cheap, and a car', start: 650, end: 664 },
      { text: 'lane costs more.', start: 664, end: 667 },
    ]);
    const found = (query: string) => search(said, query).map((hit) => [hit.kind, hit.start]);
    expect(found('bus')).toEqual([
      ['title', 600],
      ['line', 610],
      ['quote', 640],
      // Past the quote's end, the line says 'Buses' again.
      ['line', 650],
    ]);
    expect(found('moves more')).toEqual([['quote', 640]]);
    expect(found('"ever will"')).toEqual([['quote', 640]]);
    // The quote says 'car lane', and so does the line's part past it (across into the next line).
    expect(found('"car lane"')).toEqual([
      ['quote', 640],
      ['line', 650],
    ]);
    expect(found('"lane costs"')).toEqual([['line', 664]]);

    // A long cue (captions a member brought) that holds the whole quote, and words either side.
    const cue = searchEntries(topics, [
      {
        text: 'Paint is cheap. A bus lane moves more people than a car lane ever will. Buses need paint.',
        start: 630,
        end: 670,
      },
    ]);
    expect(search(cue, 'moves').map((hit) => hit.kind)).toEqual(['quote']);
    expect(search(cue, 'paint').map((hit) => hit.kind)).toEqual(['line']);
    expect(search(cue, 'bus').map((hit) => hit.kind)).toEqual(['title', 'line', 'quote']);
  });

  it('joins two lines into one phrase only up to a pause of 5 s, lists a title before a quote of the same second, and plays a line past its topic to the next one', () => {
    const lines = searchEntries(topics, [
      { text: 'The bus lane is the', start: 100, end: 103 },
      // Said 5 s after the line before: the phrase goes on.
      { text: 'cheapest transit you can buy.', start: 108, end: 111 },
      // Said 6 s after: no one phrase.
      { text: 'Paint is the cheapest of all.', start: 117, end: 120 },
    ]);
    expect(search(lines, '"is the cheapest transit"').map((hit) => hit.start)).toEqual([100]);
    expect(search(lines, '"can buy paint"')).toEqual([]);

    // A quote that starts as its topic does comes after the topic's title.
    const sameSecond = searchEntries([
      {
        id: 't',
        title: 'Tram or bus',
        startTime: 50,
        endTime: 90,
        quotes: [{ id: 'q', content: 'The tram wins.', startTime: 50, endTime: 55 }],
      },
    ]);
    expect(search(sameSecond, 'tram').map((hit) => hit.kind)).toEqual(['title', 'quote']);

    // A line said as its topic ends (between two topics) plays to the start of the next topic.
    const between = searchEntries(
      [
        { id: 'a', title: 'First', startTime: 0, endTime: 600, quotes: [] },
        { id: 'b', title: 'Second', startTime: 700, endTime: 800, quotes: [] },
      ],
      [{ text: 'An interlude about trams.', start: 600, end: 605 }],
    );
    expect(search(between, 'interlude')[0]).toMatchObject({ start: 600, end: 700 });
  });

  it('marks the matched words in the text as written', () => {
    expect(markMatches('The Café economy, cafés', 'cafe')).toEqual([
      { text: 'The ', match: false },
      { text: 'Café', match: true },
      { text: ' economy, ', match: false },
      { text: 'café', match: true },
      { text: 's', match: false },
    ]);
    expect(markMatches('Nobody ambushed anyone.', 'bus')).toEqual([{ text: 'Nobody ambushed anyone.', match: false }]);
  });

  it("finds a word with or without the apostrophe inside it, and a number with or without its thousands' commas", () => {
    const lines = searchEntries(
      [],
      [
        { text: "We don't ship on Fridays.", start: 0, end: 2 },
        { text: 'It cost $1,000,000 to build.', start: 2, end: 4 },
        { text: "L’homme qu'on a vu, rock'n'roll.", start: 4, end: 6 },
        { text: "The 'quoted' words, 1, 2, 3 and 1,5 or 10,00.", start: 6, end: 8 },
      ],
    );
    const found = (query: string) => search(lines, query).map((hit) => hit.start);
    for (const query of ['dont', "don't", 'don’t', '"we dont ship"']) expect([query, found(query)]).toEqual([query, [0]]);
    for (const query of ['1000000', '1,000,000', '1000']) expect([query, found(query)]).toEqual([query, [2]]);
    // Each part of a word an apostrophe joins is a word's start too, as before.
    for (const query of ['homme', 'lhomme', "qu'on", 'quon', 'roll', 'rocknroll'])
      expect([query, found(query)]).toEqual([query, [4]]);
    // Quotation marks around a word, a list of numbers, a decimal comma: no joints.
    for (const query of ['quoted', '123', '15', '1000'])
      expect([query, found(query).includes(6)]).toEqual([query, query === 'quoted']);
    // A thousands group is no number of its own; a word typed with apostrophes finds it with spaces.
    expect(found('000')).toEqual([]);
    const spaced = searchEntries([], [{ text: "Rock 'n' roll at night", start: 0, end: 2 }]);
    expect(search(spaced, "rock'n'roll").map((hit) => hit.start)).toEqual([0]);
    expect(markMatches("We don't ship", 'dont')).toEqual([
      { text: 'We ', match: false },
      { text: "don't", match: true },
      { text: ' ship', match: false },
    ]);
    expect(markMatches('It cost $1,000,000.', '1000')).toEqual([
      { text: 'It cost $', match: false },
      { text: '1,000', match: true },
      { text: ',000.', match: false },
    ]);
  });

  it('finds and marks words of a script without spaces inside a line, where they have no start of their own', () => {
    const lines = searchEntries(
      [{ id: 't1', title: '安土城の歴史', startTime: 0, endTime: 60, quotes: [] }],
      [{ text: '次に天守閣の誕生について説明します', start: 10, end: 14 }],
    );
    expect(search(lines, '天守閣').map((hit) => hit.text)).toEqual(['次に天守閣の誕生について説明します']);
    expect(search(lines, '歴史').map((hit) => hit.kind)).toEqual(['title']);
    expect(markMatches('次に天守閣の誕生', '天守閣')).toEqual([
      { text: '次に', match: false },
      { text: '天守閣', match: true },
      { text: 'の誕生', match: false },
    ]);
    // A Latin word is still found only at a word's start.
    expect(search(lines, 'ku')).toEqual([]);
  });

  it('searches titles, quotes and the transcript from one box, with / j k and Esc', async () => {
    const user = userEvent.setup();
    const calls = showSearch();
    // Nothing is fetched until someone searches.
    expect(calls).toHaveLength(0);
    const box = screen.getByRole('searchbox', { name: 'Search this video' });
    await user.keyboard('/');
    expect(box).toHaveFocus();
    await user.keyboard('bus');
    expect(box).toHaveValue('bus');
    const status = await screen.findByText('3 matches, 1 of 3 at 10:00');
    expect(status).toHaveAttribute('role', 'status');
    const matches = screen.getByRole('list', { name: 'Matches' });
    expect(
      within(matches)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      '10:00TopicWhy cities add bus lanes',
      '10:10TranscriptNow, buses: they are the backbone of a city.',
      '10:40QuoteA bus lane moves more people than a car lane ever will.',
    ]);
    expect(within(matches).getAllByText(/^bus/i, { selector: 'mark' })).toHaveLength(3);
    expect(screen.getByRole('img', { name: 'Where the matches fall in the video, from 0:00 to 21:46' })).toBeInTheDocument();

    // Enter plays the current match and moves to the list, where j and k go to the next and previous.
    await user.keyboard('{Enter}');
    expect((screen.getByTitle('Match at 10:00') as HTMLIFrameElement).src).toContain('start=600&');
    expect(within(matches).getAllByRole('button')[0]).toHaveFocus();
    await user.keyboard('j');
    expect(count()).toHaveTextContent('3 matches, 2 of 3 at 10:10');
    expect((screen.getByTitle('Match at 10:10') as HTMLIFrameElement).src).toContain('end=1200');
    await user.keyboard('jj');
    expect(count()).toHaveTextContent('3 matches, 1 of 3 at 10:00');
    await user.keyboard('k');
    expect(count()).toHaveTextContent('3 of 3 at 10:40');
    expect(within(matches).getAllByRole('button')[2]).toHaveAttribute('aria-current', 'true');

    // Esc clears the search and the clip, and gives the box back.
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(screen.queryByRole('list', { name: 'Matches' })).not.toBeInTheDocument();
    expect(screen.queryByTitle(/^Match at/)).not.toBeInTheDocument();

    // In the box the arrows move too; nothing found says so.
    await user.keyboard('cafe{ArrowDown}');
    expect(count()).toHaveTextContent('3 matches, 2 of 3 at 0:04');
    // Other words: the clip the arrow played goes with the words that found it.
    expect(screen.getByTitle('Match at 0:04')).toBeInTheDocument();
    await user.clear(box);
    await user.keyboard('tokyo');
    expect(count()).toHaveTextContent('No matches for “tokyo”');
    expect(screen.queryByTitle(/^Match at/)).not.toBeInTheDocument();
    // A pasted paragraph: the box keeps 200 characters, the count repeats 60 of them.
    await user.clear(box);
    await user.click(box);
    await user.paste('tokyo '.repeat(50));
    expect(box).toHaveValue('tokyo '.repeat(50).slice(0, 200));
    expect(count()).toHaveTextContent(`No matches for “${'tokyo '.repeat(10).trim()}…”`);
    expect(calls.filter((call) => call.path.endsWith('/transcript'))).toHaveLength(1);
  });

  it('lets a person turn the single-key shortcuts off (the arrows and Enter in the box still work)', async () => {
    const user = userEvent.setup();
    showSearch();
    const toggle = screen.getByRole('button', { name: 'Single-key shortcuts on' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Single-key shortcuts off' })).toHaveAttribute('aria-pressed', 'false');
    const box = screen.getByRole('searchbox', { name: 'Search this video' });
    await user.click(document.body);
    await user.keyboard('/');
    expect(box).not.toHaveFocus();
    await user.click(box);
    // The arrows step on in the box, which keeps the focus; Enter plays and goes to the match.
    await user.keyboard('bus{ArrowDown}{ArrowDown}');
    expect(count()).toHaveTextContent('3 matches, 3 of 3 at 10:40');
    expect(box).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(count()).toHaveTextContent('3 matches, 2 of 3 at 10:10');
    const matches = within(screen.getByRole('list', { name: 'Matches' })).getAllByRole('button');
    expect(matches[1]).toHaveFocus();
    await user.keyboard('j');
    expect(count()).toHaveTextContent('2 of 3 at 10:10');
    // In the list the arrows go on too, match after match (they stopped after one).
    await user.keyboard('{ArrowDown}');
    expect(count()).toHaveTextContent('3 of 3 at 10:40');
    expect(matches[2]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(count()).toHaveTextContent('1 of 3 at 10:00');
    expect(matches[0]).toHaveFocus();
    // Esc in the list clears the search and gives the box back, as it does with shortcuts on.
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    // The choice is remembered in this browser.
    expect(localStorage.getItem('findclips.searchShortcuts')).toBe('false');
  });

  it('says which keys reach the matches past the first 50: j and k, or the arrows once shortcuts are off', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 60 }, (_, i) => ({ text: `A bus stop, number ${i}.`, start: i * 10, end: i * 10 + 5 }));
    showSearch({ lines: many });
    await user.click(screen.getByRole('searchbox', { name: 'Search this video' }));
    await user.keyboard('stop');
    expect(await screen.findByText(/^Showing matches/)).toHaveTextContent(
      'Showing matches 1–50 of 60: j and k move through the rest.',
    );
    await user.click(screen.getByRole('button', { name: 'Single-key shortcuts on' }));
    expect(screen.getByText(/^Showing matches/)).toHaveTextContent('Showing matches 1–50 of 60: ↓ and ↑ move through the rest.');
  });

  it('leaves / j k to the fields people type in', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/videos/dQw4w9WgXcQ/transcript': json(200, { videoId: 'dQw4w9WgXcQ', segments }) });
    renderWithApp(
      <PlaybackProvider>
        <input aria-label="Another field" />
        <SearchSection youtubeId="dQw4w9WgXcQ" topics={topics} transcriptUrl="/api/videos/dQw4w9WgXcQ/transcript" />
      </PlaybackProvider>,
      { user: null },
    );
    await user.click(screen.getByLabelText('Another field'));
    await user.keyboard('/jk');
    expect(screen.getByLabelText('Another field')).toHaveValue('/jk');
    expect(screen.getByRole('searchbox', { name: 'Search this video' })).toHaveValue('');
  });

  // Keys of an input method's composition (Japanese, Chinese, Korean): see input-methods.spec.tsx.
  it('leaves the search box to the input method: its Escape, Enter and arrows neither clear, play nor step', async () => {
    const user = userEvent.setup();
    const japanese = [
      { text: 'バスの専用レーンについて', start: 10, end: 14 },
      { text: 'バスは都市の背骨です', start: 20, end: 24 },
    ];
    const topic = { id: 't1', title: '都市のバス', startTime: 0, endTime: 60, quotes: [] };
    showSearch({ lines: japanese, shown: [topic] });
    const box = screen.getByRole('searchbox', { name: 'Search this video' });
    await user.click(box);
    await user.keyboard('バス');
    const status = await screen.findByText(/^3 matches, 1 of 3/);
    for (const key of ['ArrowDown', 'ArrowDown', 'Enter']) {
      const press = fireEvent.keyDown(box, { key, isComposing: true });
      // Not taken from the input method (an arrow taken chose no candidate).
      expect({ key, taken: !press }).toEqual({ key, taken: false });
    }
    // The word's Escape is kept from Chromium's search field, which would empty itself (and lose the
    // words typed before): the input method has it already (test/e2e/input-methods.int.spec.ts).
    fireEvent.keyDown(box, { key: 'Escape', isComposing: true });
    expect(box).toHaveValue('バス');
    expect(box).toHaveFocus();
    expect(status).toHaveTextContent(/^3 matches, 1 of 3/);
    // Outside a word the keys act: the arrow steps, Escape clears.
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(status).toHaveTextContent(/^3 matches, 2 of 3/);
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(box).toHaveValue(''));
  });
});
