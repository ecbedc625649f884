import OpenAI from 'openai';
import type { TranscriptSegment } from '@findclips/contracts';
import { AnalysisError, providerFailure } from '../errors';
import { checkLexicon } from '../policy';
import { ANALYSIS_JSON_SCHEMA, SYSTEM_PROMPT, userPrompt } from '../prompt';
import type { AnalysisProvider, AnalyzeInput, PolicyVerdict } from '../provider';
import { withDeadline, withRepair } from './structured';

export interface OpenAiCompatibleOptions {
  name: 'openai' | 'grok';
  apiKey: string;
  baseURL?: string;
  model: string;
  /** OpenAI's moderation endpoint; xAI has none, so grok uses our lexicon. */
  moderationModel?: string;
  timeoutMs: number;
  maxRetries: number;
}

/** Maps SDK failures to our codes: 429, 5xx, timeouts and network errors are transient. */
export function providerError(name: string, timeoutMs: number, error: unknown): AnalysisError {
  if (error instanceof AnalysisError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) return providerFailure(name, { kind: 'timeout', timeoutMs }, error);
  if (error instanceof OpenAI.APIConnectionError) return providerFailure(name, { kind: 'unreachable' }, error);
  if (error instanceof OpenAI.APIError && error.status)
    return providerFailure(name, { kind: 'status', status: error.status }, error);
  return providerFailure(name, { kind: 'other' }, error);
}

/** OpenAI and xAI (Grok) through the openai SDK: chat completions with a strict JSON schema. */
export function openAiCompatibleProvider(options: OpenAiCompatibleOptions): AnalysisProvider {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
  });

  return {
    name: options.name,
    model: options.model,
    maxChunkSeconds: 20 * 60,

    async analyze(input: AnalyzeInput) {
      try {
        return await withRepair(async (repair) => {
          const completion = await withDeadline(options.name, options.timeoutMs, input.signal, (signal) =>
            client.chat.completions.create(
              {
                model: options.model,
                temperature: 0.2,
                messages: [
                  { role: 'system', content: SYSTEM_PROMPT },
                  { role: 'user', content: userPrompt(input) },
                  ...(repair ? [{ role: 'user' as const, content: repair }] : []),
                ],
                response_format: {
                  type: 'json_schema',
                  json_schema: { name: 'video_topics', strict: true, schema: ANALYSIS_JSON_SCHEMA },
                },
              },
              { signal },
            ),
          );
          const choice = completion.choices[0];
          if (choice?.finish_reason === 'content_filter') {
            throw new AnalysisError('CONTENT_POLICY', 'The AI provider refused this video under its content policy.', false, [
              'content_filter',
            ]);
          }
          if (choice?.message.refusal) {
            throw new AnalysisError('CONTENT_POLICY', `The AI provider refused this video: ${choice.message.refusal}`, false, [
              'refusal',
            ]);
          }
          return choice?.message.content;
        });
      } catch (error) {
        throw providerError(options.name, options.timeoutMs, error);
      }
    },

    async moderate(segments: TranscriptSegment[], signal?: AbortSignal): Promise<PolicyVerdict> {
      if (!options.moderationModel) return checkLexicon(segments);
      // Moderation takes a list of texts: send the transcript in pieces of about 2,000 words.
      const pieces: string[] = [];
      let piece = '';
      for (const segment of segments) {
        piece += `${segment.text} `;
        if (piece.length > 12_000) {
          pieces.push(piece);
          piece = '';
        }
      }
      if (piece.trim()) pieces.push(piece);
      try {
        const result = await withDeadline(options.name, options.timeoutMs, signal, (limited) =>
          client.moderations.create({ model: options.moderationModel!, input: pieces }, { signal: limited }),
        );
        const categories = new Set<string>();
        for (const verdict of result.results) {
          if (!verdict.flagged) continue;
          for (const [category, flagged] of Object.entries(verdict.categories)) if (flagged) categories.add(category);
        }
        return { flagged: categories.size > 0, categories: [...categories] };
      } catch (error) {
        throw providerError(options.name, options.timeoutMs, error);
      }
    },
  };
}
