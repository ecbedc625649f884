import { CHAPTER_RULES, chapterTitleToWrite, type Topic } from '@findclips/contracts';
import { oneLine } from './text';
import { clock } from './time';

interface ChapterList {
  /** One line a chapter, `0:00 Title`, ready to paste into a video's description. */
  text: string;
  /** What was changed to meet YouTube's rules, or why YouTube will still not show them. */
  notes: string[];
}

/**
 * The topics as YouTube chapters. The first starts at 0:00; a chapter shorter than 10 s is merged
 * into the one after (which starts where it did: its title names the longer part); a video of an hour or more writes every time as H:MM:SS; < and > become ‹
 * and ›; a time or separators around a title are left out, as a reader would leave them. Each change is noted.
 */
export function youtubeChapters(topics: Pick<Topic, 'title' | 'startTime' | 'endTime'>[], durationSeconds?: number): ChapterList {
  const notes: string[] = [];
  const end = durationSeconds ?? Math.max(0, ...topics.map((t) => t.endTime));
  const chapters: { title: string; start: number }[] = [];
  for (const topic of [...topics].sort((a, b) => a.startTime - b.startTime)) {
    const written = oneLine(topic.title);
    // A description may hold any character but < and > (YouTube's Data API): look-alikes stand in.
    const safe = written.replace(/</g, '‹').replace(/>/g, '›');
    if (safe !== written) notes.push(`"${safe}": < and > are written ‹ and ›, as YouTube's descriptions allow neither.`);
    // A time or a separator at the title's start or end would be read as the chapter time's.
    const title = chapterTitleToWrite(safe) || `Chapter ${chapters.length + 1}`;
    if (title !== safe)
      notes.push(`"${safe}" is written "${title}": a time or a separator around a title is read as part of its chapter's time.`);
    const start = chapters.length === 0 ? 0 : Math.floor(topic.startTime);
    if (chapters.length === 0 && topic.startTime >= 1) notes.push(`"${title}" starts at 0:00, as YouTube's first chapter must.`);
    const previous = chapters[chapters.length - 1];
    if (previous && start - previous.start < CHAPTER_RULES.minSeconds) {
      notes.push(`"${previous.title}" is merged into "${title}": a chapter must last at least ${CHAPTER_RULES.minSeconds} s.`);
      previous.title = title;
      continue;
    }
    chapters.push({ title, start });
  }
  const last = chapters[chapters.length - 1];
  if (last && chapters.length > 1 && end - last.start < CHAPTER_RULES.minSeconds) {
    chapters.pop();
    notes.push(`"${last.title}" is dropped: it would last under ${CHAPTER_RULES.minSeconds} s before the video ends.`);
  }
  if (chapters.length < CHAPTER_RULES.minChapters) {
    notes.push(
      `YouTube shows chapters only when there are at least ${CHAPTER_RULES.minChapters}; this video has ${chapters.length}.`,
    );
  }
  // (Also when a chapter starts past the length the video was said to have: its hours are written.)
  const hours = Math.max(end, ...chapters.map((c) => c.start)) >= 3600;
  const lines = chapters.map((c) => `${clock(c.start, hours)} ${c.title}`);
  const text = lines.join('\n');
  // YouTube Studio refuses a longer description, and reads no chapter past its end.
  const max = CHAPTER_RULES.descriptionMaxChars;
  const characters = [...text].length;
  if (characters > max) {
    // The lines whole within the first `max` characters, each after its line break.
    let end = -1;
    const fit = lines.findIndex((line) => (end += 1 + [...line].length) > max);
    notes.push(
      `The list is ${characters.toLocaleString('en-US')} characters and a YouTube description holds ${max.toLocaleString('en-US')}: its first ${fit} chapters fit, with nothing else in the description.`,
    );
  }
  return { text, notes };
}
