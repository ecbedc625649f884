import { setTimeout } from 'node:timers/promises';
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

interface GeminiOptions {
  apiKey: string;
  baseUrl?: string;
  model: string;
  timeoutMs: number;
  /** Retries of one call inside the SDK (408, 429, 5xx), as PROVIDER_MAX_RETRIES says. */
  maxRetries: number;
}

/** Stops and prompt blocks that are Gemini's content policy: safety ratings, its blocklist, personal data. */
const POLICY_STOPS = new Set(['SAFETY', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'IMAGE_SAFETY']);

/**
 * Gemini's safety verdict on a prompt or an answer, as our error when it blocked. A prompt blocked
 * for a reason it does not give (OTHER, or none named) is no verdict of its content policy: a stop
 * of its own, tried again (it was a refusal for good, everyone's, with the category 'other').
 */
function blocked(response: GenerateContentResponse): AnalysisError | undefined {
  const feedback = response.promptFeedback;
  const candidate = response.candidates?.[0];
  const stop = String(candidate?.finishReason ?? '');
  const block = feedback?.blockReason ? String(feedback.blockReason) : undefined;
  if (block && !POLICY_STOPS.has(block)) {
    const reason = `prompt blocked: ${block}`;
    return providerFailure('gemini', { kind: 'stopped', reason }, new Error(`promptFeedback.blockReason ${block}`));
  }
  if (!block && !POLICY_STOPS.has(stop)) return undefined;
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
  if (stop === 'LANGUAGE') throw providerFailure('gemini', { kind: 'language' }, new Error(`finishReason ${stop}`));
  if (stop !== 'STOP') throw providerFailure('gemini', { kind: 'stopped', reason: stop }, new Error(`finishReason ${stop}`));
  return { text: response.text };
}

/** One entry of a Google error body's `details` (google.rpc types). */
type ErrorDetail = { '@type'?: string; violations?: { quotaId?: string }[]; retryDelay?: string };

/** The `details` of a Google error body (the SDK's message is the JSON body). */
function errorDetails(body: string): ErrorDetail[] {
  try {
    const details = (JSON.parse(body) as { error?: { details?: unknown } }).error?.details;
    return Array.isArray(details) ? details.filter((detail) => detail && typeof detail === 'object') : [];
  } catch {
    return [];
  }
}

/**
 * Whether a 429 is a quota no retry within the job's minutes can help: a daily quota named in its
 * QuotaFailure ('GenerateRequestsPerDayPerProjectPerModel-FreeTier'), which resets at midnight
 * Pacific time, or the billing account's monthly spending cap, which holds until the next cycle.
 */
const usedUpQuota = (body: string) =>
  /monthly spending cap/i.test(body) ||
  errorDetails(body).some(
    (detail) =>
      detail['@type']?.endsWith('google.rpc.QuotaFailure') &&
      detail.violations?.some((violation) => /PerDay/.test(violation?.quotaId ?? '')),
  );

/** How long a 429 asks to wait (its RetryInfo, a Duration such as '37s' or '20.5s'), in ms; null when it does not say. */
function retryDelayMs(body: string): number | null {
  for (const detail of errorDetails(body)) {
    const match = detail['@type']?.endsWith('google.rpc.RetryInfo') && /^(\d+(?:\.\d+)?)s$/.exec(detail.retryDelay ?? '');
    if (match) return Math.ceil(Number(match[1]) * 1_000);
  }
  return null;
}

/** The SDK's retries take every status it retries but 429, whose wait only its body tells (see `waitingOutRateLimits`). */
const SDK_RETRIED_STATUSES = [408, 500, 502, 503, 504];

/**
 * One call, tried again after a per-minute 429 as often as PROVIDER_MAX_RETRIES says, each time
 * after the wait the 429 asks for (Gemini sends it in RetryInfo, no Retry-After header, so the SDK
 * would wait its own 1-4 s and hit the same limit). A wait past the call's deadline is not waited
 * for: the 429 fails the call at once, and the job is retried later.
 */
async function waitingOutRateLimits<T>(
  call: () => Promise<T>,
  { retries, deadline, signal }: { retries: number; deadline: number; signal: AbortSignal },
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 429 || attempt >= retries || usedUpQuota(error.message)) throw error;
      // Without a RetryInfo, the SDK's own backoff: 1 s, 2 s, 4 s...
      const wait = retryDelayMs(error.message) ?? 1_000 * 2 ** attempt;
      if (Date.now() + wait >= deadline) throw error;
      await setTimeout(wait, undefined, { signal });
    }
  }
}

/** Maps SDK failures to our codes (time-outs are withDeadline's); a used-up quota is not retried. */
function geminiError(model: string, error: unknown): AnalysisError {
  if (error instanceof AnalysisError) return error;
  if (error instanceof ApiError) {
    if (error.status === 404) return providerFailure('gemini', { kind: 'model-gone', model }, error);
    if (error.status === 402 || (error.status === 429 && usedUpQuota(error.message)))
      return providerFailure('gemini', { kind: 'quota' }, error);
    const retryAfterMs = error.status === 429 ? (retryDelayMs(error.message) ?? undefined) : undefined;
    return providerFailure('gemini', { kind: 'status', status: error.status, retryAfterMs }, error);
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
      retryOptions: { attempts: options.maxRetries + 1, httpStatusCodes: SDK_RETRIED_STATUSES },
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
          const deadline = Date.now() + options.timeoutMs;
          const response = await withDeadline('gemini', options.timeoutMs, input.signal, (signal) =>
            waitingOutRateLimits(
              () =>
                ai.models.generateContent({
                  model,
                  // An answer with no text (a STOP without parts) is no turn: Gemini refuses a
                  // part of empty text with 400 ("required oneof field 'data'"). The request for a
                  // repair then joins the first turn, so that the turns still alternate, as older
                  // models required.
                  contents: !repair
                    ? [{ role: 'user', parts: [{ text: userPrompt(input) }] }]
                    : repair.previous
                      ? [
                          { role: 'user', parts: [{ text: userPrompt(input) }] },
                          { role: 'model', parts: [{ text: repair.previous }] },
                          { role: 'user', parts: [{ text: repairPrompt(repair.problem) }] },
                        ]
                      : [{ role: 'user', parts: [{ text: userPrompt(input) }, { text: repairPrompt(repair.problem) }] }],
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
              { retries: options.maxRetries, deadline, signal },
            ),
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
