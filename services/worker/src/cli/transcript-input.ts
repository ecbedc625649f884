import { constants } from 'node:buffer';
import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import {
  decodeTextFile,
  describeIssues,
  findControlCharacters,
  isVideoId,
  parseYoutubeLink,
  spoken,
  textFileMessages,
  transcriptSegmentSchema,
  type TranscriptSegment,
} from '@findclips/contracts';
import { CaptionsError, readCaptions } from '@findclips/analysis';
import type { YoutubeClient } from '@findclips/youtube';
import { z } from 'zod';

interface LoadedTranscript {
  segments: TranscriptSegment[];
  durationSeconds: number | null;
  title: string | null;
  /** A YouTube video's description, where its creator may list chapters; null for a file. */
  description: string | null;
  /** The YouTube video it came from; null for a file. */
  videoId: string | null;
}

/** An input the CLI cannot read, with the reason. */
export class InputError extends Error {}

const jsonTranscriptSchema = z.object({ segments: z.array(transcriptSegmentSchema).min(1) });
const { MAX_STRING_LENGTH } = constants;
const MB = 1024 * 1024;
const JSON_SHAPE = '{"segments":[{"text","start","end"}, …]} with times in seconds';

/** A file's text, as `decodeTextFile` reads it, or the reason it is refused. */
function textOf(input: string, bytes: Buffer): string {
  const decoded = decodeTextFile(bytes);
  if ('problem' in decoded) throw new InputError(textFileMessages[decoded.problem](input, decoded.line));
  return decoded.text;
}

/** A JSON transcript's segments, checked as the subtitle readers check cues: each names its place. */
function jsonSegments(input: string, text: string): TranscriptSegment[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new InputError(`${input} is not valid JSON`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new InputError(`${input}: not a transcript; a transcript is ${JSON_SHAPE}`);
  }
  const parsed = jsonTranscriptSchema.safeParse(json);
  if (!parsed.success) {
    const [first] = describeIssues(parsed.error, json);
    throw new InputError(`${input}: ${first?.message ?? 'not a transcript'}; a transcript is ${JSON_SHAPE}`);
  }
  // As the API refuses them in any field: a bell or an escape has no place in captions or notes.
  const control = findControlCharacters(json);
  if (control) throw new InputError(`${input}: ${control.message}`);
  const { segments } = parsed.data;
  segments.forEach((segment, i) => {
    if (segment.end < segment.start) throw new InputError(`${input}: segments.${i} ends before it starts`);
    if (i > 0 && segment.start < segments[i - 1]!.start) {
      throw new InputError(`${input}: segments.${i} starts before segments.${i - 1}; segments must be in time order`);
    }
  });
  return segments;
}

/** `.srt` or `.vtt` text as segments in seconds (the upload's reader: problems name the file and line). */
export function parseSubtitles(text: string, file?: string): TranscriptSegment[] {
  try {
    return readCaptions(text);
  } catch (error) {
    if (error instanceof CaptionsError) throw new InputError(file ? `${file}: ${error.message}` : error.message);
    throw error;
  }
}

/** A YouTube link or id, a `.json` transcript `{ segments }`, or a `.srt` / `.vtt` file. */
export async function loadTranscript(input: string, youtube: () => YoutubeClient): Promise<LoadedTranscript> {
  const extension = extname(input).toLowerCase();
  if (['.json', '.srt', '.vtt'].includes(extension)) {
    const cannotRead = (error: NodeJS.ErrnoException): never => {
      const why = error.code === 'ENOENT' ? 'no such file' : error.code === 'EISDIR' ? 'it is a folder' : error.message;
      throw new InputError(`Cannot read ${input}: ${why}`);
    };
    // Its text must fit in one string: past that, decoding fails as if the file were not UTF-8.
    const { size } = await stat(input).catch(cannotRead);
    if (size > MAX_STRING_LENGTH) {
      throw new InputError(
        `${input} is too large to read: ${Math.ceil(size / MB)} MB; a transcript file is at most ${Math.round(MAX_STRING_LENGTH / MB)} MB`,
      );
    }
    const bytes = await readFile(input).catch(cannotRead);
    const text = textOf(input, bytes);
    let segments: TranscriptSegment[];
    if (extension === '.json') {
      segments = jsonSegments(input, text);
    } else {
      segments = parseSubtitles(text, input);
      if (segments.length === 0) throw new InputError(`${input} has no subtitle cues`);
    }
    // Words, not captions' non-speech tags ('[Music]'), which no quote may be made of.
    if (!segments.some((segment) => /[\p{L}\p{N}]/u.test(spoken(segment.text))))
      throw new InputError(`${input} has no words to analyse`);
    // A file has no title of its own: its name says what it is ('interview.json': 'interview').
    return {
      segments,
      durationSeconds: null,
      title: basename(input).replace(/\.[^.]+$/, '') || null,
      description: null,
      videoId: null,
    };
  }

  const link = isVideoId(input) ? { ok: true as const, videoId: input } : parseYoutubeLink(input);
  if (!link.ok) throw new InputError(`${input}: ${link.description} (or give a .json, .srt or .vtt file)`);
  const video = await youtube().fetchVideo(link.videoId);
  return {
    segments: video.segments,
    durationSeconds: video.details.durationSeconds,
    title: video.details.title,
    description: video.details.description,
    videoId: link.videoId,
  };
}
