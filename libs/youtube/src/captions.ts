import { decodeHTML, decodeXML } from 'entities';
import { XMLParser } from 'fast-xml-parser';

/** One caption cue, in seconds. */
export interface Cue {
  text: string;
  start: number;
  end: number;
}

// Entities are decoded by us, in two explicit steps (see captionText), not by the parser.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: '#text',
  isArray: (name) => name === 'p' || name === 's' || name === 'text',
  processEntities: false,
  parseTagValue: false,
  trimValues: false,
});

/** Formatting that manual tracks carry inside the text (`<i>`, `<b>`, `<font color>`). */
const MARKUP = /<\/?(?:i|b|u|em|strong|font)(?:\s[^>]*)?>/gi;

/**
 * A cue's text as a person reads it. Timedtext escapes the text twice (`don&amp;#39;t` on the
 * wire): the XML level gives `don&#39;t`, the HTML level `don't`. Then formatting tags go, and
 * runs of white space (line breaks inside a cue) become one space.
 */
export function captionText(raw: string): string {
  return decodeHTML(decodeXML(raw)).replace(MARKUP, '').replace(/\s+/g, ' ').trim();
}

type Node = { '#text'?: string; s?: (Node | string)[] } | string;

const rawTextOf = (node: Node): string => {
  if (typeof node === 'string') return node;
  return `${node['#text'] ?? ''}${node.s?.map(rawTextOf).join('') ?? ''}`;
};

type Timed = Node & Record<string, string | undefined>;

/**
 * The cues of a timedtext body in either format YouTube answers with: classic
 * `<transcript><text start dur>` (seconds) or srv3 `<timedtext format="3"><body><p t d>`
 * (milliseconds, words in `<s>`). Empty cues are dropped; cues come ordered by start.
 */
export function parseTimedText(body: string): Cue[] {
  const doc = parser.parse(body) as {
    transcript?: { text?: Timed[] };
    timedtext?: { body?: { p?: Timed[] } };
  };
  /** A node's times: `start`/`dur` in seconds (classic) or `t`/`d` in milliseconds (srv3). */
  const timed = (start: string, duration: string, unit: number) => (node: Timed) => {
    const at = (key: string) => Number(typeof node === 'string' ? 0 : (node[key] ?? 0)) / unit;
    return { node, start: at(start), end: at(start) + at(duration) };
  };
  const classic = (doc.transcript?.text ?? []).map(timed('start', 'dur', 1));
  const srv3 = (doc.timedtext?.body?.p ?? []).map(timed('t', 'd', 1000));
  return [...classic, ...srv3]
    .map(({ node, start, end }) => ({ text: captionText(rawTextOf(node)), start, end }))
    .filter((cue) => cue.text.length > 0 && Number.isFinite(cue.start) && Number.isFinite(cue.end))
    .sort((a, b) => a.start - b.start);
}

/**
 * Ends each cue where the next one starts. Auto-captions overlap (a line stays on screen while
 * the next is spoken): without this a clip would carry 2-4 s of the following line.
 */
export function clampOverlaps(cues: Cue[]): Cue[] {
  return cues.map((cue, i) => {
    const next = cues[i + 1];
    return next && next.start > cue.start && next.start < cue.end ? { ...cue, end: next.start } : cue;
  });
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Cues as a classic timedtext body escaped once, the form youtube-transcript-plus reads. */
export function toClassicTimedText(cues: Cue[]): string {
  const lines = cues.map((c) => `<text start="${c.start}" dur="${Math.max(0, c.end - c.start)}">${escapeXml(c.text)}</text>`);
  return `<?xml version="1.0" encoding="utf-8" ?><transcript>${lines.join('')}</transcript>`;
}
