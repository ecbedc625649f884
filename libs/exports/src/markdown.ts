import type { Topic } from '@findclips/contracts';
import { oneLine } from './text';
import { clipSpan, clock, youtubeAt } from './time';

interface MarkdownSource {
  title: string;
  /** Times link to the video on YouTube when known (a transcript file has no video). */
  youtubeId?: string | null;
  topics: Topic[];
}

/** Markdown notes: the title, a heading a topic with its time link, its quotes as block quotes. */
export function analysisMarkdown({ title, youtubeId, topics }: MarkdownSource): string {
  const time = (seconds: number) => (youtubeId ? `[${clock(seconds)}](${youtubeAt(youtubeId, seconds)})` : clock(seconds));
  const lines = [`# ${inline(title)}`, ''];
  if (youtubeId) lines.push(`<${youtubeAt(youtubeId, 0)}>`, '');
  topics.forEach((topic, i) => {
    lines.push(`## ${i + 1}. ${inline(topic.title)}`, '', `${time(topic.startTime)} – ${clock(topic.endTime)}`, '');
    for (const quote of topic.quotes) {
      // A quote's times as its card on the page says them and its clip plays: to the second it has ended by.
      const { from, to } = clipSpan(quote.startTime, quote.endTime);
      lines.push(`> ${inline(quote.content)}`, '>', `> — ${time(from)} – ${clock(to)}`, '');
    }
  });
  return `${lines.join('\n').trimEnd()}\n`;
}

/** A letter or digit of any script. */
const WORD = /[\p{L}\p{N}]/u;

/** An address GFM links by itself: left as written, since a backslash in it would be in the link. */
const ADDRESS = /((?:https?:\/\/|www\.)[^\s<>]+)/iu;

/** Markdown's emphasis, code, link, table and reference characters escaped (see `inline`). */
const escaped = (text: string) =>
  text
    .replace(/([\\`*[\]#|~&])/g, '\\$1')
    .replace(/_/g, (underscore, at: number, line: string) =>
      WORD.test(line[at - 1] ?? '') && WORD.test(line[at + 1] ?? '') ? underscore : '\\_',
    );

/**
 * One line of text with Markdown's own characters escaped, so a title or quote reads as written:
 * emphasis and strikethrough, links, HTML and character references ('AT&amp;T' stays those
 * letters), and a list marker it would open with ('- ', '1. '). An underscore inside a word opens
 * nothing and stays as is; an address the text names ('www.example.com/a_b?q=a&b=c') is left as
 * written, and < and > are written as references, so that it ('<https://…>' too) is linked
 * without backslashes in it.
 */
const inline = (text: string) =>
  oneLine(text)
    .split(ADDRESS)
    .map((part, i) => (i % 2 ? part : escaped(part)))
    .join('')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    // A leading '-', '+' or '=' ('- item', '---', '==='): escaped always, which shows it as is.
    .replace(/^([-+=])|^(\d+)([.)])(?=\s|$)/, (_, marker: string | undefined, number: string, close: string) =>
      marker ? `\\${marker}` : `${number}\\${close}`,
    );
