import { decodeHTML, decodeXML } from 'entities';
import { joinCaptionLines, withoutControlCharacters } from '@findclips/contracts';
import { XMLParser } from 'fast-xml-parser';

/** One caption cue, in seconds. */
interface Cue {
  text: string;
  start: number;
  end: number;
}

// Entities are decoded by us, in two explicit steps (see captionText), not by the parser; the
// order of text and elements is kept, since srv3 mixes plain text with `<s>` runs in one cue.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: '#text',
  processEntities: false,
  parseTagValue: false,
  trimValues: false,
  preserveOrder: true,
});

/** fast-xml-parser's ordered form: one key (a tag's name, or '#text'), and the tag's attributes. */
type OrderedNode = { [name: string]: OrderedNode[] | string } & { ':@'?: Record<string, string> };

const nameOf = (node: OrderedNode) => Object.keys(node).find((key) => key !== ':@')!;
const childrenOf = (nodes: OrderedNode[], name: string): OrderedNode[] =>
  nodes.filter((node) => nameOf(node) === name).flatMap((node) => node[name] as OrderedNode[]);
const elementsOf = (nodes: OrderedNode[], name: string) => nodes.filter((node) => nameOf(node) === name);

/** The text of nodes in document order, the text of their elements included. */
const rawTextOf = (nodes: OrderedNode[]): string =>
  nodes
    .map((node) => {
      const name = nameOf(node);
      const value = node[name]!;
      return name === '#text' ? String(value) : rawTextOf(value as OrderedNode[]);
    })
    .join('');

/**
 * The formatting tags that manual tracks carry inside the text, in their own grammar only
 * (`<i>`, `</b>`, `<font color="#E5E5E5">`): angle brackets that are text ('i<b and j>0') stay.
 */
const MARKUP = /<\/?(?:i|b|u|em|strong)>|<font(?:\s+(?:color|face|size)\s*=\s*(?:"[^"<>]*"|'[^'<>]*'))*\s*>|<\/font>/gi;

/**
 * A cue's text as a person reads it. Timedtext escapes the text twice (`don&amp;#39;t` on the
 * wire): the XML level gives `don&#39;t`, the HTML level `don't`. Then control characters and
 * formatting tags go, however
 * they were escaped, and runs of white space become one space, as does a line break inside a cue,
 * except where a line of Chinese or Japanese wraps into the next.
 */
function captionText(raw: string): string {
  // Composed (NFC): a word reads and is searched the same whichever way its accents were stored.
  // Control characters, raw or escaped ('&#1;'), are no text (a NUL failed every write of the quotes).
  const text = withoutControlCharacters(decodeHTML(decodeXML(raw)));
  const lines = text
    .replace(MARKUP, '')
    .split(/\r\n|[\n\r\u2028\u2029]/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return joinCaptionLines(lines).normalize('NFC');
}

/** The end of a whole caption document: its root closed, or a root with nothing in it. */
const WHOLE_DOCUMENT = /(?:<\/(?:transcript|timedtext)\s*>|<(?:transcript|timedtext)\b[^<>]*\/>)\s*$/;

/** How long a cue that gives no length lasts at most, when the next starts later (a line's time on screen). */
const UNTIMED_CUE_SECONDS = 10;

/**
 * The cues of a timedtext body in either format YouTube answers with: classic
 * `<transcript><text start dur>` (seconds) or srv3 `<timedtext format="3"><body><p t d>`
 * (milliseconds, words in `<s>`, in order with any plain text beside them). Empty cues are
 * dropped; cues come ordered by start; a cue without a length lasts until the next one starts,
 * an empty one included (it marks where speech stops), and 10 s at most; a negative length is none.
 * Times before the video's start are its start, and a cue wholly before it is dropped.
 * A body that is no whole caption document (a page, a body cut short) is `null`: it says nothing
 * of the video's captions.
 */
export function parseTimedText(body: string): Cue[] | null {
  if (!WHOLE_DOCUMENT.test(body.slice(-200))) return null;
  let doc: OrderedNode[];
  try {
    doc = parser.parse(body) as OrderedNode[];
  } catch {
    return null;
  }
  if (!doc.some((node) => ['transcript', 'timedtext'].includes(nameOf(node)))) return null;
  /** A cue's times: `start`/`dur` in seconds (classic) or `t`/`d` in milliseconds (srv3). */
  const cuesOf = (nodes: OrderedNode[], name: string, [start, duration, unit]: [string, string, number]) =>
    elementsOf(nodes, name).map((node) => {
      const attributes = node[':@'] ?? {};
      const from = Number(attributes[start] ?? 0) / unit;
      const length = attributes[duration] === undefined ? null : Number(attributes[duration]) / unit;
      return { text: captionText(rawTextOf(node[name] as OrderedNode[])), start: from, length };
    });
  const all = [
    ...cuesOf(childrenOf(doc, 'transcript'), 'text', ['start', 'dur', 1]),
    ...cuesOf(childrenOf(childrenOf(doc, 'timedtext'), 'body'), 'p', ['t', 'd', 1000]),
  ]
    .filter((cue) => Number.isFinite(cue.start) && (cue.length === null || Number.isFinite(cue.length)))
    .sort((a, b) => a.start - b.start);
  return all.flatMap(({ text, start, length }, i) => {
    const next = all.slice(i + 1).find((cue) => cue.start > start)?.start ?? start;
    const end = start + Math.max(0, length ?? Math.min(next - start, UNTIMED_CUE_SECONDS));
    // A track shifted before the video's start: what it says from 0 on (one cue at -5 s made the
    // whole track unreadable, stored as 'no captions' for everyone).
    if (!text || (start < 0 && end <= 0)) return [];
    return [{ text, start: Math.max(0, start), end }];
  });
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Cues as a classic timedtext body escaped once, the form youtube-transcript-plus reads. */
export function toClassicTimedText(cues: Cue[]): string {
  const lines = cues.map((c) => `<text start="${c.start}" dur="${Math.max(0, c.end - c.start)}">${escapeXml(c.text)}</text>`);
  return `<?xml version="1.0" encoding="utf-8" ?><transcript>${lines.join('')}</transcript>`;
}
