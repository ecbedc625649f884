import { CHAPTER_RULES, chapterTitleAsRead, topicTitleShown, type VideoChapter } from '@findclips/contracts';
import parseChapters from 'get-youtube-chapters';

/** The time of a line shaped as a chapter: first ('0:00 Intro', '[0:00]', '(0:00)') or last ('Intro 0:00', 'Intro (0:00)'). */
const LINE_TIME = /^[[(]?((?:\d+:)?\d+:\d+)[\])]?\s|\s\(?\s*((?:\d+:)?\d+:\d+)\s*\)?$/;
/** A time a clock shows: seconds, and minutes after hours, below 60 (YouTube refuses '1:75'). */
const isClockTime = (time: string) => {
  const [seconds, minutes, hours] = time.split(':').reverse().map(Number);
  return seconds! < 60 && (hours === undefined || minutes! < 60);
};

/** A title as shown: no separators or range end around it, one line, within a topic title's length. */
const cleanTitle = (title: string) => topicTitleShown(chapterTitleAsRead(title));

/**
 * The chapters YouTube shows for a video: the list of times and titles in its description (`0:00
 * Intro`, `[0:00] Intro`, `Intro (0:00)`, as get-youtube-chapters reads them), when it meets
 * YouTube's rules (at least 3, the first at 0:00, in order, each 10 s or longer, also the last
 * before the video ends, every time one a clock shows); else none, as YouTube shows none. Titles
 * are cut to a topic title's length.
 */
export function descriptionChapters(description: string | null, durationSeconds?: number | null): VideoChapter[] {
  if (!description) return [];
  // YouTube's longest description: anything beyond is not YouTube's (and not worth parsing).
  const text = description.slice(0, CHAPTER_RULES.descriptionMaxChars).replace(/\r\n?/g, '\n');
  const chapters = parseChapters(text).map(({ start, title }) => ({ start, title: cleanTitle(title) }));
  const ends = [...chapters.slice(1).map((chapter) => chapter.start), durationSeconds ?? Infinity];
  const times = text.split('\n').flatMap((line) => {
    const match = LINE_TIME.exec(line.trim());
    return match ? [match[1] ?? match[2]!] : [];
  });
  const followsRules =
    chapters.length >= CHAPTER_RULES.minChapters &&
    chapters[0]!.start === 0 &&
    chapters.every((chapter, i) => chapter.title !== '' && ends[i]! - chapter.start >= CHAPTER_RULES.minSeconds) &&
    times.every(isClockTime);
  return followsRules ? chapters : [];
}
