import { XMLParser } from 'fast-xml-parser';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: '#text',
  isArray: (name) => name === 'p' || name === 's' || name === 'text',
  processEntities: true,
  htmlEntities: true,
  parseTagValue: false,
  trimValues: false,
});

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Srv3Node = { '#text'?: string; s?: ({ '#text'?: string } | string)[] } | string;

const textOf = (node: Srv3Node): string => {
  if (typeof node === 'string') return node;
  const words = node.s?.map((word) => (typeof word === 'string' ? word : (word['#text'] ?? ''))).join('') ?? '';
  return `${node['#text'] ?? ''}${words}`;
};

/** True when a timedtext body is in srv3 (format 3): `<p t="ms" d="ms">`, times in milliseconds. */
export const isSrv3 = (body: string) => /<timedtext[^>]*format="3"/.test(body) || /<p\s+t="\d+"/.test(body);

/**
 * Rewrites an srv3 timedtext body as the classic `<text start dur>` format, converting
 * milliseconds to seconds, so one parser reads both and every time is in seconds.
 */
export function srv3ToClassic(body: string): string {
  const doc = parser.parse(body) as { timedtext?: { body?: { p?: (Srv3Node & { t?: string; d?: string })[] } } };
  const lines = (doc.timedtext?.body?.p ?? []).flatMap((p) => {
    const text = textOf(p).replace(/\s+/g, ' ').trim();
    if (typeof p === 'string' || !text) return [];
    const start = Number(p.t ?? 0) / 1000;
    const duration = Number(p.d ?? 0) / 1000;
    return [`<text start="${start}" dur="${duration}">${escapeXml(text)}</text>`];
  });
  return `<?xml version="1.0" encoding="utf-8" ?><transcript>${lines.join('')}</transcript>`;
}
