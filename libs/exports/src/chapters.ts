import { CHAPTER_RULES, type Topic } from '@findclips/contracts';
import { oneLine } from './text';
import { clock } from './time';

export interface ChapterList {
  /** One line a chapter, `0:00 Title`, ready to paste into a video's description. */
  text: string;
  /** What was changed to meet YouTube's rules, or why YouTube will still not show them. */
  notes: string[];
}

/**
 * The topics as YouTube chapters. The first starts at 0:00; a chapter shorter than 10 s is merged
 * into the one before; a video of an hour or more writes every time as H:MM:SS; < and > become ‹
 * and ›. Each change is noted.
 */
export function youtubeChapters(topics: Pick<Topic, 'title' | 'startTime' | 'endTime'>[], durationSeconds?: number): ChapterList {
  const notes: string[] = [];
  const end = durationSeconds ?? Math.max(0, ...topics.map((t) => t.endTime));
  const chapters: { title: string; start: number }[] = [];
  for (const topic of [...topics].sort((a, b) => a.startTime - b.startTime)) {
    const written = oneLine(topic.title);
    // A description may hold any character but < and > (YouTube's Data API): look-alikes stand in.
    const title = written.replace(/</g, '‹').replace(/>/g, '›');
    if (title !== written) notes.push(`"${title}": < and > are written ‹ and ›, as YouTube's descriptions allow neither.`);
    const start = chapters.length === 0 ? 0 : Math.floor(topic.startTime);
    if (chapters.length === 0 && topic.startTime >= 1) notes.push(`"${title}" starts at 0:00, as YouTube's first chapter must.`);
    const previous = chapters[chapters.length - 1];
    if (previous && start - previous.start < CHAPTER_RULES.minSeconds) {
      notes.push(`"${title}" is merged into "${previous.title}": a chapter must last at least ${CHAPTER_RULES.minSeconds} s.`);
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
  const hours = end >= 3600;
  return { text: chapters.map((c) => `${clock(c.start, hours)} ${c.title}`).join('\n'), notes };
}

/** What keeps YouTube from taking a chapter list as chapters: an empty list means it would. */
export function checkYoutubeChapters(text: string): string[] {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const starts: number[] = [];
  const problems: string[] = [];
  lines.forEach((line, i) => {
    const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})\s+\S/.exec(line.trim());
    if (!match) return void problems.push(`line ${i + 1} does not start with a time and a title`);
    if (/[<>]/.test(line)) problems.push(`line ${i + 1} holds < or >, which YouTube's descriptions refuse`);
    const [, h, m, s] = match;
    if (Number(s) > 59 || (h !== undefined && Number(m) > 59)) problems.push(`line ${i + 1} has an impossible time`);
    if (h === undefined && Number(m) > 59) problems.push(`line ${i + 1} is past an hour: write it as H:MM:SS`);
    starts.push(Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s));
  });
  if (starts[0] !== 0) problems.push('the first chapter must start at 0:00');
  if (lines.length < CHAPTER_RULES.minChapters) problems.push(`at least ${CHAPTER_RULES.minChapters} chapters are needed`);
  starts.forEach((start, i) => {
    if (i > 0 && start - starts[i - 1]! < CHAPTER_RULES.minSeconds) {
      problems.push(`chapter ${i} lasts under ${CHAPTER_RULES.minSeconds} s (or the times are out of order)`);
    }
  });
  return problems;
}
