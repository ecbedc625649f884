import type * as GenAI from '@google/genai' with { 'resolution-mode': 'import' };
import { AnalysisError, contentPolicyError, OutputCutOffError, providerFailure } from '../errors';
import { ANALYSIS_JSON_SCHEMA, SYSTEM_PROMPT, repairPrompt, userPrompt } from '../prompt';
import type { AnalysisProvider, AnalyzeInput } from '../provider';
import { geminiModelConfig, MAX_OUTPUT_TOKENS } from './models';
import { withDeadline, withRepair, type Reply } from './structured';

// The package is ESM-typed but ships a CommonJS build, which Node's require loads.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ApiError, GoogleGenAI } = require('@google/genai') as typeof GenAI;
type GenerateContentResponse = GenAI.GenerateContentResponse;

export interface GeminiOptions {
  apiKey: string;
  baseUrl?: string;
  model: string;
  timeoutMs: number;
  /** Retries of one call inside the SDK (408, 429, 5xx), as PROVIDER_MAX_RETRIES says. */
  maxRetries: number;
}

/** Stops that are Gemini's content policy: safety ratings, its blocklist, personal data. */
const POLICY_STOPS = new Set(['SAFETY', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII']);

/** Gemini's safety verdict on a prompt or an answer, as our error when it blocked. */
function blocked(response: GenerateContentResponse): AnalysisError | undefined {
  const feedback = response.promptFeedback;
  const candidate = response.candidates?.[0];
  const stop = String(candidate?.finishReason ?? '');
  if (!feedback?.blockReason && !POLICY_STOPS.has(stop)) return undefined;
  const ratings = feedback?.blockReason ? feedback.safetyRatings : candidate?.safetyRatings;
  const categories = (ratings ?? [])
    .filter((r) => r.blocked || r.probability === 'HIGH' || r.probability === 'MEDIUM')
    .map((r) =>
      String(r.category)
        .replace(/^HARM_CATEGORY_/, '')
        .toLowerCase(),
    );
  return contentPolicyError(categories.length ? categories : [String(feedback?.blockReason ?? stop).toLowerCase()]);
}

/** The answer of one call, or why it stopped without one. */
function replyOf(response: GenerateContentResponse): Reply {
  const refusal = blocked(response);
  if (refusal) throw refusal;
  const stop = String(response.candidates?.[0]?.finishReason ?? 'STOP');
  if (stop === 'MAX_TOKENS') throw new OutputCutOffError('gemini');
  // `text` leaves out the thought parts of a thinking model.
  if (stop === 'RECITATION')
    return { text: response.text, problem: 'it was stopped for reciting the transcript; refer to lines by number only' };
  if (stop !== 'STOP') throw providerFailure('gemini', { kind: 'stopped', reason: stop }, new Error(`finishReason ${stop}`));
  return { text: response.text };
}

/**
 * Whether a 429's body (the SDK's message is the JSON body) names a daily quota in its QuotaFailure
 * ('GenerateRequestsPerDayPerProjectPerModel-FreeTier'): it resets at midnight Pacific time, so
 * retrying within the job's minutes cannot help.
 */
function dailyQuota(body: string): boolean {
  try {
    const details = (JSON.parse(body) as { error?: { details?: unknown } }).error?.details;
    if (!Array.isArray(details)) return false;
    return details.some(
      (detail: { '@type'?: string; violations?: { quotaId?: string }[] }) =>
        detail?.['@type']?.endsWith('google.rpc.QuotaFailure') &&
        detail.violations?.some((violation) => /PerDay/.test(violation?.quotaId ?? '')),
    );
  } catch {
    return false;
  }
}

/** Maps SDK failures to our codes (time-outs are withDeadline's); a used-up quota is not retried. */
function geminiError(model: string, error: unknown): AnalysisError {
  if (error instanceof AnalysisError) return error;
  if (error instanceof ApiError) {
    if (error.status === 404) return providerFailure('gemini', { kind: 'model-gone', model }, error);
    if (error.status === 402 || (error.status === 429 && dailyQuota(error.message)))
      return providerFailure('gemini', { kind: 'quota' }, error);
    return providerFailure('gemini', { kind: 'status', status: error.status }, error);
  }
  if (error instanceof TypeError && error.message === 'fetch failed')
    return providerFailure('gemini', { kind: 'unreachable' }, error);
  return providerFailure('gemini', { kind: 'other' }, error);
}

/** Gemini through @google/genai: generateContent with a JSON schema; its safety feedback is our policy check. */
export function geminiProvider(options: GeminiOptions): AnalysisProvider {
  const { model } = options;
  const ai = new GoogleGenAI({
    apiKey: options.apiKey,
    httpOptions: {
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      timeout: options.timeoutMs,
      retryOptions: { attempts: options.maxRetries + 1 },
    },
  });
  const { thinkingConfig, ...sampling } = geminiModelConfig(model);
  return {
    name: 'gemini',
    model,
    maxChunkSeconds: 60 * 60,
    async analyze(input: AnalyzeInput) {
      try {
        return await withRepair(async (repair) => {
          const response = await withDeadline('gemini', options.timeoutMs, input.signal, (signal) =>
            ai.models.generateContent({
              model,
              contents: [
                { role: 'user', parts: [{ text: userPrompt(input) }] },
                ...(repair
                  ? [
                      { role: 'model', parts: [{ text: repair.previous }] },
                      { role: 'user', parts: [{ text: repairPrompt(repair.problem) }] },
                    ]
                  : []),
              ],
              config: {
                systemInstruction: SYSTEM_PROMPT,
                ...sampling,
                thinkingConfig: thinkingConfig as GenAI.ThinkingConfig,
                maxOutputTokens: MAX_OUTPUT_TOKENS,
                responseMimeType: 'application/json',
                responseJsonSchema: ANALYSIS_JSON_SCHEMA,
                abortSignal: signal,
              },
            }),
          );
          return replyOf(response);
        }, input.segments);
      } catch (error) {
        throw geminiError(model, error);
      }
    },

    async checkModel(signal?: AbortSignal) {
      const pager = await ai.models.list({ config: { pageSize: 1000, abortSignal: signal } });
      for await (const entry of pager) if (entry.name === `models/${model}` || entry.name === model) return null;
      return `the model "${model}" is not in Gemini's model list`;
    },
  };
}
