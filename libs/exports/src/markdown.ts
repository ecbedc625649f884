import type { Topic } from '@findclips/contracts';
import { oneLine } from './text';
import { clock, youtubeAt } from './time';

export interface MarkdownSource {
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
      lines.push(`> ${inline(quote.content)}`, '>', `> — ${time(quote.startTime)} – ${clock(quote.endTime)}`, '');
    }
  });
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * One line of text with Markdown's own characters escaped, so a title or quote reads as written:
 * emphasis and strikethrough, links, HTML and character references ('AT&amp;T' stays those
 * letters), and a list marker it would open with ('- ', '1. ').
 */
const inline = (text: string) =>
  oneLine(text)
    .replace(/([\\`*_[\]<>#|~&])/g, '\\$1')
    // A leading '-', '+' or '=' ('- item', '---', '==='): escaped always, which shows it as is.
    .replace(/^([-+=])|^(\d+)([.)])(?=\s|$)/, (_, marker: string | undefined, number: string, close: string) =>
      marker ? `\\${marker}` : `${number}\\${close}`,
    );
