import { topicsSchema, transcriptSegmentSchema, type Topic, type TranscriptSegment } from '@findclips/contracts';
import { z } from 'zod';

/** Topics are stored as JSON text (SPEC §3); unreadable or corrupt text reads as no topics. */
export function readTopics(text: string | null | undefined): Topic[] {
  if (!text) return [];
  try {
    const parsed = topicsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export const writeTopics = (topics: Topic[]) => JSON.stringify(topics);

const segmentsSchema = z.array(transcriptSegmentSchema);

/** The transcript, stored as JSON text of its segments. */
export function readTranscript(text: string | null | undefined): TranscriptSegment[] {
  if (!text) return [];
  try {
    const parsed = segmentsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export const writeTranscript = (segments: TranscriptSegment[]) => JSON.stringify(segments);
