import type * as GenAI from '@google/genai' with { 'resolution-mode': 'import' };
import { AnalysisError, contentPolicyError, providerFailure } from '../errors';
import { ANALYSIS_JSON_SCHEMA, SYSTEM_PROMPT, userPrompt } from '../prompt';
import type { AnalysisProvider, AnalyzeInput } from '../provider';
import { withDeadline, withRepair } from './structured';

// The package is ESM-typed but ships a CommonJS build, which Node's require loads.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ApiError, GoogleGenAI } = require('@google/genai') as typeof GenAI;
type GenerateContentResponse = GenAI.GenerateContentResponse;

export interface GeminiOptions {
  apiKey: string;
  baseUrl?: string;
  model: string;
  timeoutMs: number;
}

/** Gemini's safety verdict on a prompt or an answer, as our error when it blocked. */
function blocked(response: GenerateContentResponse): AnalysisError | undefined {
  const feedback = response.promptFeedback;
  const candidate = response.candidates?.[0];
  const ratings = feedback?.blockReason
    ? feedback.safetyRatings
    : candidate?.finishReason === 'SAFETY'
      ? candidate.safetyRatings
      : undefined;
  if (!feedback?.blockReason && candidate?.finishReason !== 'SAFETY' && candidate?.finishReason !== 'PROHIBITED_CONTENT')
    return undefined;
  const categories = (ratings ?? [])
    .filter((r) => r.blocked || r.probability === 'HIGH' || r.probability === 'MEDIUM')
    .map((r) =>
      String(r.category)
        .replace(/^HARM_CATEGORY_/, '')
        .toLowerCase(),
    );
  return contentPolicyError(
    categories.length ? categories : [String(feedback?.blockReason ?? candidate?.finishReason).toLowerCase()],
  );
}

/** Maps SDK failures to our codes (time-outs are withDeadline's). */
function geminiError(error: unknown): AnalysisError {
  if (error instanceof AnalysisError) return error;
  if (error instanceof ApiError) return providerFailure('gemini', { kind: 'status', status: error.status }, error);
  if (error instanceof TypeError && error.message === 'fetch failed')
    return providerFailure('gemini', { kind: 'unreachable' }, error);
  return providerFailure('gemini', { kind: 'other' }, error);
}

/** Gemini through @google/genai: generateContent with a JSON schema; its safety feedback is our policy check. */
export function geminiProvider(options: GeminiOptions): AnalysisProvider {
  const ai = new GoogleGenAI({
    apiKey: options.apiKey,
    httpOptions: { ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}), timeout: options.timeoutMs },
  });
  return {
    name: 'gemini',
    model: options.model,
    maxChunkSeconds: 60 * 60,
    async analyze(input: AnalyzeInput) {
      try {
        return await withRepair(async (repair) => {
          const response = await withDeadline('gemini', options.timeoutMs, input.signal, (signal) =>
            ai.models.generateContent({
              model: options.model,
              contents: [
                { role: 'user', parts: [{ text: userPrompt(input) }] },
                ...(repair ? [{ role: 'user', parts: [{ text: repair }] }] : []),
              ],
              config: {
                systemInstruction: SYSTEM_PROMPT,
                temperature: 0.2,
                responseMimeType: 'application/json',
                responseJsonSchema: ANALYSIS_JSON_SCHEMA,
                abortSignal: signal,
              },
            }),
          );
          const refusal = blocked(response);
          if (refusal) throw refusal;
          return response.text;
        });
      } catch (error) {
        throw geminiError(error);
      }
    },
  };
}
