import { CHAPTER_RULES, TOPIC_TITLE_MAX } from '@findclips/contracts';
import parseChapters from 'get-youtube-chapters';

/** A chapter the creator wrote in the video's description: where it starts, in seconds, and its title. */
export interface DescriptionChapter {
  start: number;
  title: string;
}

/** What separates a chapter's time from its title ('0:00 - Intro', '1:05 | Guest', '2:10: Q&A'). */
const SEPARATOR = /^[\s\-–—|:•·.)]+|[\s\-–—|:•·(]+$/g;

/**
 * The chapters YouTube shows for a video: the list of times and titles in its description (`0:00
 * Intro`, `[0:00] Intro`, `Intro (0:00)`, as get-youtube-chapters reads them), when it meets
 * YouTube's rules (at least 3, the first at 0:00, in order, each 10 s or longer, also the last
 * before the video ends); else none, as YouTube shows none. Titles are cut to a topic title's length.
 */
export function descriptionChapters(description: string | null, durationSeconds?: number | null): DescriptionChapter[] {
  if (!description) return [];
  const chapters = parseChapters(description.replace(/\r\n?/g, '\n')).map(({ start, title }) => ({
    start,
    title: title.replace(SEPARATOR, '').replace(/\s+/g, ' ').slice(0, TOPIC_TITLE_MAX).trim(),
  }));
  const ends = [...chapters.slice(1).map((chapter) => chapter.start), durationSeconds ?? Infinity];
  const followsRules =
    chapters.length >= CHAPTER_RULES.minChapters &&
    chapters[0]!.start === 0 &&
    chapters.every((chapter, i) => chapter.title !== '' && ends[i]! - chapter.start >= CHAPTER_RULES.minSeconds);
  return followsRules ? chapters : [];
}
