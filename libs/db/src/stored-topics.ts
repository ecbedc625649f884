import { topicsSchema, transcriptSegmentSchema, type Topic, type TranscriptSegment } from '@findclips/contracts';
import { z } from 'zod';

/** JSON text stored in a text column, read with `schema`; unreadable or corrupt text reads as []. */
function readJsonList<T>(schema: z.ZodType<T[]>, text: string | null | undefined): T[] {
  if (!text) return [];
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Topics are stored as JSON text. */
export const readTopics = (text: string | null | undefined): Topic[] => readJsonList(topicsSchema, text);

export const writeTopics = (topics: Topic[]) => JSON.stringify(topics);

const segmentsSchema = z.array(transcriptSegmentSchema);

/** The transcript, stored as JSON text of its segments. */
export const readTranscript = (text: string | null | undefined): TranscriptSegment[] => readJsonList(segmentsSchema, text);

export const writeTranscript = (segments: TranscriptSegment[]) => JSON.stringify(segments);
