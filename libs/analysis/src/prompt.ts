import type { TranscriptSegment } from '@findclips/contracts';
import type { AnalyzeInput } from './provider';

/** The JSON schema every AI provider must answer with (OpenAI json_schema, Gemini responseJsonSchema). */
export const ANALYSIS_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['topics'],
  properties: {
    topics: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'startTime', 'endTime', 'quotes'],
        properties: {
          title: { type: 'string', description: 'A plain title of 3 to 9 words naming the topic' },
          startTime: { type: 'number', description: 'Seconds from the start of the video' },
          endTime: { type: 'number', description: 'Seconds from the start of the video' },
          quotes: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['content', 'startTime', 'endTime'],
              properties: {
                content: { type: 'string', description: 'Verbatim words from the transcript' },
                startTime: { type: 'number' },
                endTime: { type: 'number' },
              },
            },
          },
        },
      },
    },
  },
} as const;

export const SYSTEM_PROMPT = `You find the best moments of long videos (podcasts, interviews, news).
Group the transcript into its main topics, in order. For each topic give:
- title: 3 to 9 plain words naming what is discussed (no clickbait, no quotes, no emoji);
- startTime and endTime in seconds, taken from the transcript's timestamps;
- quotes: 1 to 3 of its most quotable passages, copied word for word from the transcript,
  each starting and ending on a sentence boundary and lasting 8 to 60 seconds; prefer claims,
  numbers, strong statements and answers to questions, passages that stand alone.
Never invent words or times: anything not in the transcript is discarded.
Answer with JSON only, matching the schema.`;

const time = (seconds: number) => seconds.toFixed(1);

/** The transcript as timed lines: "[12.0-17.5] text". */
export const timedLines = (segments: TranscriptSegment[]) =>
  segments.map((s) => `[${time(s.start)}-${time(s.end)}] ${s.text}`).join('\n');

export function userPrompt({ segments, durationSeconds, chunk }: AnalyzeInput): string {
  const where =
    chunk && chunk.count > 1
      ? `This is part ${chunk.index + 1} of ${chunk.count} of the transcript (${time(segments[0]!.start)}s to ${time(segments.at(-1)!.end)}s); find the topics of this part only.\n`
      : '';
  return `Video length: ${Math.round(durationSeconds)} seconds.\n${where}Transcript:\n${timedLines(segments)}`;
}

/** Asked once when a provider's answer did not match the schema. */
export const repairPrompt = (problem: string) =>
  `Your previous answer was not valid: ${problem}. Answer again with JSON only, exactly matching the schema.`;
