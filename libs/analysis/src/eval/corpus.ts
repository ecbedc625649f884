import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TranscriptSegment } from '@findclips/contracts';
import { words } from '../text';

/** A human topic boundary: the unit where a chapter starts, and its title. */
export interface Chapter {
  title: string;
  startIndex: number;
}

/** One transcript of the development set, as the analyzer would receive it. */
export interface EvalDocument {
  id: string;
  /** The folder of the set it comes from (`tinyrec`, `qmsum`, `youtube`, `podcasts`, …). */
  corpus: string;
  /** The source within the folder where the set names one (`source.kind`, else `source.channel`). */
  group: string | null;
  /** True when the source has real times; QMSum's are derived from word counts. */
  timed: boolean;
  segments: TranscriptSegment[];
  chapters: Chapter[];
  /** TinyRec's finer annotation level. */
  chaptersFine: Chapter[] | null;
  /** For a transcript stripped of case and punctuation: the original, to judge sentence edges on. */
  truth?: TranscriptSegment[];
  /**
   * Who speaks each segment (of `truth` when there is one), where the source says: quotes are
   * judged on whether they join two speakers.
   */
  speakers?: string[];
}

/** Speaking rate used to give untimed turns the times a caption track would carry. */
const WORDS_PER_SECOND = 150 / 60;

export class EvalDataMissing extends Error {}

interface RawChapter {
  title: string;
  start_index: number;
}
interface RawDocument {
  id: string;
  source?: { kind?: string; channel?: string };
  time_unit: 'seconds' | 'turn_index';
  segments: { text: string; start: number; end: number; speaker?: string }[];
  chapters: RawChapter[];
  chapters_fine?: RawChapter[] | null;
}

const chaptersOf = (raw: RawChapter[]) => raw.map((c) => ({ title: c.title, startIndex: c.start_index }));

/** Times from word counts: each turn lasts its words at 150 words a minute (at least a second). */
export function timesFromWords(turns: { text: string }[]): TranscriptSegment[] {
  let clock = 0;
  return turns.map((turn) => {
    const start = clock;
    clock += Math.max(1, words(turn.text).length / WORDS_PER_SECOND);
    return { text: turn.text, start, end: clock };
  });
}

/**
 * Every document listed in `dir`/index.json (the format of ../shared/eval/README.md). Fails with
 * a message saying what to pass when the folder is not there.
 */
export function readEvalSet(dir: string): EvalDocument[] {
  const root = resolve(dir);
  const index = join(root, 'index.json');
  if (!existsSync(index)) {
    throw new EvalDataMissing(
      `No evaluation data at ${root} (index.json is missing). Pass the folder that holds it: npm run -s eval -- ../shared/eval`,
    );
  }
  const entries = JSON.parse(readFileSync(index, 'utf8')) as { id: string; file: string }[];
  return entries.map((entry) => {
    const raw = JSON.parse(readFileSync(join(root, entry.file), 'utf8')) as RawDocument;
    const timed = raw.time_unit === 'seconds';
    return {
      id: raw.id,
      corpus: entry.file.split('/')[0]!,
      group: raw.source?.kind ?? raw.source?.channel ?? null,
      timed,
      segments: timed ? raw.segments.map(({ text, start, end }) => ({ text, start, end })) : timesFromWords(raw.segments),
      chapters: chaptersOf(raw.chapters),
      chaptersFine: raw.chapters_fine?.length ? chaptersOf(raw.chapters_fine) : null,
      ...(raw.segments.every((s) => s.speaker) ? { speakers: raw.segments.map((s) => s.speaker!) } : {}),
    };
  });
}
