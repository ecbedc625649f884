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
    expect(parseTimedText(body).map((cue) => cue.text)).toEqual(['if a<b and c>d then', "I'm & you"]);
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
});
