import { parseTimedText } from './captions';

describe('parseTimedText', () => {
  it('reads an srv3 cue whose plain text and word runs alternate in the order they are said', () => {
    const body =
      '<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>' +
      '<p t="0" d="4000">Sentence <s p="1">number 0</s> talks about topic 0 here.</p>' +
      '<p t="4000" d="2000" w="1"><s ac="0">we</s><s t="400" ac="0"> don&#39;t</s><s t="800" ac="0"> stop</s></p>' +
      '</body></timedtext>';
    expect(parseTimedText(body)).toEqual([
      { text: 'Sentence number 0 talks about topic 0 here.', start: 0, end: 4 },
      { text: "we don't stop", start: 4, end: 6 },
    ]);
  });

  it('keeps angle brackets that are text, and strips only the formatting tags of a classic cue', () => {
    const body =
      '<?xml version="1.0" encoding="utf-8" ?><transcript>' +
      '<text start="0" dur="3">&lt;i&gt;if a&amp;lt;b and c&amp;gt;d&lt;/i&gt; then</text>' +
      '<text start="3" dur="2">&lt;font color=&quot;#E5E5E5&quot;&gt;I&amp;#39;m&lt;/font&gt; &amp;amp; you</text>' +
      '</transcript>';
    expect(parseTimedText(body)!.map((cue) => cue.text)).toEqual(['if a<b and c>d then', "I'm & you"]);
  });

  it('drops control characters, raw or escaped, which PostgreSQL refuses (NUL) or nobody sees', () => {
    const body =
      '<?xml version="1.0" encoding="utf-8" ?><transcript>' +
      '<text start="0" dur="2">hello\u0000world</text>' +
      '<text start="2" dur="2">bell&amp;#7; rings &#x1b;[0m</text>' +
      '</transcript>';
    expect(parseTimedText(body)!.map((cue) => cue.text)).toEqual(['helloworld', 'bell rings [0m']);
  });

  it('strips formatting tags however they were escaped, in srv3 too', () => {
    const body =
      '<?xml version="1.0" encoding="utf-8" ?><transcript>' +
      '<text start="0" dur="2">&amp;lt;i&amp;gt;music&amp;lt;/i&amp;gt;</text>' +
      '<text start="2" dur="2">&lt;b&gt;loud&lt;/b&gt; &lt;font face=&quot;Arial&quot; color=&quot;#FFFF00&quot;&gt;yellow&lt;/font&gt;</text>' +
      '</transcript>';
    expect(parseTimedText(body)!.map((cue) => cue.text)).toEqual(['music', 'loud yellow']);
    const srv3 =
      '<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body><p t="0" d="2000">&lt;i&gt;music&lt;/i&gt; &lt;3</p></body></timedtext>';
    expect(parseTimedText(srv3)!.map((cue) => cue.text)).toEqual(['music <3']);
  });

  it('ends a cue given no length where the next one starts, an empty one too, and after 10 s at most', () => {
    const body =
      '<?xml version="1.0" encoding="utf-8" ?><transcript>' +
      '<text start="0">said</text><text start="3" dur="1"> </text><text start="5">then this</text>' +
      '<text start="40" dur="2">much later</text>' +
      '</transcript>';
    expect(parseTimedText(body)).toEqual([
      { text: 'said', start: 0, end: 3 },
      { text: 'then this', start: 5, end: 15 },
      { text: 'much later', start: 40, end: 42 },
    ]);
  });

  it('reads a track shifted before the video starts from 0 on, and a negative length as none', () => {
    const body =
      '<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>' +
      '<p t="-8000" d="2000">before it all</p><p t="-5000" d="7000">welcome back</p><p t="2000" d="-500">to the show</p>' +
      '<p t="4000" d="3000">today</p>' +
      '</body></timedtext>';
    expect(parseTimedText(body)).toEqual([
      { text: 'welcome back', start: 0, end: 2 },
      { text: 'to the show', start: 2, end: 2 },
      { text: 'today', start: 4, end: 7 },
    ]);
  });

  it('gives cues in the order they are said, however the body lists them', () => {
    const body =
      '<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>' +
      '<p t="6000" d="2000">third</p><p t="0">first</p><p t="2500" d="1000">second</p>' +
      '</body></timedtext>';
    expect(parseTimedText(body)).toEqual([
      { text: 'first', start: 0, end: 2.5 },
      { text: 'second', start: 2.5, end: 3.5 },
      { text: 'third', start: 6, end: 8 },
    ]);
  });

  it('ends a cue given no length where the next one starts', () => {
    const body =
      '<?xml version="1.0" encoding="utf-8" ?><transcript>' +
      '<text start="1.5">first line</text><text start="4" dur="2.5">second line</text><text start="7">last line</text>' +
      '</transcript>';
    expect(parseTimedText(body)).toEqual([
      { text: 'first line', start: 1.5, end: 4 },
      { text: 'second line', start: 4, end: 6.5 },
      { text: 'last line', start: 7, end: 7 },
    ]);
  });

  it('reads no captions, not an empty track, from a body that is no whole caption document', () => {
    const cue = '<text start="0" dur="2">hello</text>';
    // A page in place of the captions, a body cut short, and the cut inside a cue.
    expect(parseTimedText('<html><body>Sign in to continue</body></html>')).toBeNull();
    expect(parseTimedText(`<?xml version="1.0" encoding="utf-8" ?><transcript>${cue}<text start="2" dur="2">wor`)).toBeNull();
    expect(parseTimedText(`<?xml version="1.0" encoding="utf-8" ?><transcript>${cue}`)).toBeNull();
    expect(parseTimedText('<timedtext format="3"><body><p t="0" d="2000">hi</p></body>')).toBeNull();
    expect(parseTimedText('not XML at all')).toBeNull();
    // A page left open around a caption document's ending: its root is no caption document.
    expect(parseTimedText('<html><body><transcript></transcript>')).toBeNull();
    // Whole documents, an empty track included, are read.
    expect(parseTimedText(`<?xml version="1.0" encoding="utf-8" ?><transcript>${cue}</transcript>\n`)).toEqual([
      { text: 'hello', start: 0, end: 2 },
    ]);
    expect(parseTimedText('<?xml version="1.0" encoding="utf-8" ?><transcript/>')).toEqual([]);
    expect(parseTimedText('<timedtext format="3"><body></body></timedtext>')).toEqual([]);
  });

  it('strips underline tags, composes accents and puts a line break inside a cue as one space', () => {
    const body =
      '<?xml version="1.0" encoding="utf-8" ?><transcript>' +
      '<text start="0" dur="2">&lt;u&gt;Cafe\u0301&lt;/u&gt;\nau lait</text>' +
      '<text start="2" dur="2">&amp;hellip;and more</text>' +
      '</transcript>';
    expect(parseTimedText(body)!.map((cue) => cue.text)).toEqual(['Café au lait', '…and more']);
  });

  it('joins a line of Japanese or Chinese wrapping into the next without the space never written', () => {
    const body =
      '<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>' +
      '<p t="0" d="3000">富士山の登山道は\n四つあります。</p>' +
      '<p t="3000" d="3000">长城有两千多年的\r\n历史。</p>' +
      '<p t="6000" d="3000">東京 \n Tokyo\n  tower</p>' +
      '<p t="9000" d="3000">そして…\n次に今年は\n2024年です。Call 555\n1234</p>' +
      '</body></timedtext>';
    expect(parseTimedText(body)!.map((cue) => cue.text)).toEqual([
      '富士山の登山道は四つあります。',
      '长城有两千多年的历史。',
      '東京 Tokyo tower',
      'そして…次に今年は2024年です。Call 555 1234',
    ]);
  });

  it('ends a cue without a length at the next later start, drops one that ends at 0 and one whose length is no number', () => {
    const body =
      '<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>' +
      '<p t="-2000" d="2000">before</p><p t="0">said</p><p t="0" d="1000">at once</p><p t="3000" d="x">garbled</p>' +
      '<p t="4000" d="1000">later</p>' +
      '</body></timedtext>';
    expect(parseTimedText(body)).toEqual([
      { text: 'said', start: 0, end: 4 },
      { text: 'at once', start: 0, end: 1 },
      { text: 'later', start: 4, end: 5 },
    ]);
  });
});
