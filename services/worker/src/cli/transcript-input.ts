import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { extname } from 'node:path';
import { isVideoId, parseYoutubeLink, transcriptSegmentSchema, type TranscriptSegment } from '@findclips/contracts';
import { CaptionsError, readCaptions } from '@findclips/analysis';
import type { YoutubeClient } from '@findclips/youtube';
import { z } from 'zod';

export interface LoadedTranscript {
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

/** `.srt` or `.vtt` text as segments in seconds (the upload's reader: problems name their line). */
export function parseSubtitles(text: string): TranscriptSegment[] {
  try {
    return readCaptions(text);
  } catch (error) {
    if (error instanceof CaptionsError) throw new InputError(error.message);
    throw error;
  }
}

/** A YouTube link or id, a `.json` transcript `{ segments }`, or a `.srt` / `.vtt` file. */
export async function loadTranscript(input: string, youtube: () => YoutubeClient): Promise<LoadedTranscript> {
  const extension = extname(input).toLowerCase();
  if (['.json', '.srt', '.vtt'].includes(extension)) {
    const text = await readFile(input, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new InputError(`Cannot read ${input}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
    });
    let segments: TranscriptSegment[];
    if (extension === '.json') {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new InputError(`${input} is not valid JSON`);
      }
      const parsed = jsonTranscriptSchema.safeParse(json);
      if (!parsed.success)
        throw new InputError(`${input} must be {"segments":[{"text","start","end"}, …]} with times in seconds`);
      segments = parsed.data.segments;
    } else {
      segments = parseSubtitles(text);
      if (segments.length === 0) throw new InputError(`${input} has no subtitle cues`);
    }
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
