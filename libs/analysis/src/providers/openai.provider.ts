import OpenAI from 'openai';
import type { TranscriptSegment } from '@findclips/contracts';
import { AnalysisError, OutputCutOffError, providerFailure } from '../errors';
import { checkLexicon, policyCategories } from '../policy';
import { ANALYSIS_JSON_SCHEMA, SYSTEM_PROMPT, repairPrompt, userPrompt } from '../prompt';
import type { AnalysisProvider, AnalyzeInput, PolicyVerdict } from '../provider';
import { chatModelParams, MAX_OUTPUT_TOKENS } from './models';
import { notingFetch, retryAfterMs, withDeadline, withRepair, type Repair } from './structured';

interface OpenAiCompatibleOptions {
  name: 'openai' | 'grok';
  apiKey: string;
  baseURL?: string;
  model: string;
  /** OpenAI's moderation endpoint; xAI has none, so grok uses our lexicon. */
  moderationModel?: string;
  timeoutMs: number;
  maxRetries: number;
}

/** What an API error's body says, in OpenAI's shape (`error.code`) or xAI's (`{code, error: "text"}`). */
function errorText(error: InstanceType<typeof OpenAI.APIError>): string {
  const body = error.error as unknown;
  return `${error.code ?? ''} ${typeof body === 'string' ? body : error.message}`;
}

/**
 * OpenAI's billing refusals: error type `insufficient_quota`, with the code `insufficient_quota` or,
 * since spend limits, one naming the limit ('credit_balance_exhausted',
 * 'organization_spend_limit_exceeded' …). Retrying them does not restore access.
 */
const BILLING_CODES = new Set([
  'insufficient_quota',
  'credit_balance_exhausted',
  'organization_spend_limit_exceeded',
  'project_spend_limit_exceeded',
  'organization_usage_limit_exceeded',
]);
function isBilling(error: { type?: string | null; code?: string | null }): boolean {
  return error.type === 'insufficient_quota' || BILLING_CODES.has(error.code ?? '');
}

/** A 429 whose body says the quota is used up: waiting does not restore it, so the SDK is told not to retry. */
function usedUpQuota(status: number, body: string): boolean {
  if (status !== 429) return false;
  try {
    const { error } = JSON.parse(body) as { error?: { type?: string | null; code?: string | null } };
    return Boolean(error && isBilling(error));
  } catch {
    return false;
  }
}

/** The provider's content filter refused the video: a message for the toast, no category of our policy. */
const refusedContent = () =>
  new AnalysisError('CONTENT_POLICY', 'The AI provider refused this video under its content policy.', false, []);

/**
 * Maps SDK failures to our codes: 429, 5xx, timeouts and network errors are transient; a model
 * that does not exist and a used-up quota are not, whatever their status.
 */
function providerError(name: string, model: string, timeoutMs: number, error: unknown): AnalysisError {
  if (error instanceof AnalysisError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) return providerFailure(name, { kind: 'timeout', timeoutMs }, error);
  if (error instanceof OpenAI.APIConnectionError) return providerFailure(name, { kind: 'unreachable' }, error);
  if (error instanceof OpenAI.APIError && error.status) {
    const text = errorText(error);
    if (error.code === 'model_not_found' || /model not found|does not exist/i.test(text))
      return providerFailure(name, { kind: 'model-gone', model }, error);
    if (isBilling(error) || /used all available credits|spending limit/i.test(text))
      return providerFailure(name, { kind: 'quota' }, error);
    // The prompt refused under the provider's usage policy, answered as an HTTP error rather than
    // a stop reason: OpenAI's reasoning models send 400 `invalid_prompt`, xAI 403 "Content
    // violates usage guidelines". The same transcript is refused again: it is the content policy.
    if (error.code === 'invalid_prompt' || /content violates usage guidelines/i.test(text)) return refusedContent();
    const wait = error.status === 429 ? retryAfterMs(error.headers) : undefined;
    return providerFailure(name, { kind: 'status', status: error.status, retryAfterMs: wait }, error);
  }
  return providerFailure(name, { kind: 'other' }, error);
}

/** Characters of one moderation input, and of one request (about 2,000 and 8,000 tokens). */
const MODERATION_ITEM_CHARS = 8_000;
const MODERATION_REQUEST_CHARS = 32_000;

/**
 * The transcript as moderation requests: texts of about 2,000 tokens, grouped so that no request
 * carries more than about 8,000, under the 10,000 tokens a minute of OpenAI's lowest tiers
 * (a 2-hour transcript is about 40,000).
 */
function moderationBatches(segments: TranscriptSegment[]): string[][] {
  const items: string[] = [];
  let item = '';
  for (const segment of segments) {
    if (item && item.length + segment.text.length + 1 > MODERATION_ITEM_CHARS) {
      items.push(item);
      item = '';
    }
    item += item ? ` ${segment.text}` : segment.text;
  }
  if (item.trim()) items.push(item);
  const batches: string[][] = [];
  let size = Infinity;
  for (const text of items) {
    if (size + text.length > MODERATION_REQUEST_CHARS) {
      batches.push([]);
      size = 0;
    }
    batches.at(-1)!.push(text);
    size += text.length;
  }
  return batches;
}

/** OpenAI and xAI (Grok) through the openai SDK: chat completions with a strict JSON schema. */
export function openAiCompatibleProvider(options: OpenAiCompatibleOptions): AnalysisProvider {
  const { name, model, timeoutMs } = options;
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: timeoutMs,
    maxRetries: options.maxRetries,
    fetch: notingFetch(usedUpQuota),
  });
  const fail = (error: unknown) => providerError(name, model, timeoutMs, error);

  const complete = (input: AnalyzeInput, repair: Repair | undefined, signal: AbortSignal) =>
    client.chat.completions.create(
      {
        model,
        ...chatModelParams(name, model),
        max_completion_tokens: MAX_OUTPUT_TOKENS,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: userPrompt(input) },
          // An answer with no text is no turn: xAI refuses a message without content with 400
          // ('Each message must have at least one content element'), an assistant's '' included.
          ...(repair?.previous ? [{ role: 'assistant' as const, content: repair.previous }] : []),
          ...(repair ? [{ role: 'user' as const, content: repairPrompt(repair.problem) }] : []),
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'video_topics', strict: true, schema: ANALYSIS_JSON_SCHEMA },
        },
      },
      { signal },
    );

  return {
    name,
    model,
    maxChunkSeconds: 20 * 60,

    async analyze(input: AnalyzeInput) {
      try {
        return await withRepair(async (repair) => {
          const completion = await withDeadline(name, timeoutMs, input.signal, (signal) => complete(input, repair, signal));
          const choice = completion.choices[0];
          if (choice?.finish_reason === 'length') throw new OutputCutOffError(name);
          // Neither names a category of the policy: the message is what the toast shows (a stop
          // reason shown as one, 'content_filter', says nothing to a person).
          if (choice?.finish_reason === 'content_filter') throw refusedContent();
          if (choice?.message.refusal) {
            throw new AnalysisError('CONTENT_POLICY', `The AI provider refused this video: ${choice.message.refusal}`, false, []);
          }
          return { text: choice?.message.content };
        }, input.segments);
      } catch (error) {
        throw fail(error);
      }
    },

    async moderate(segments: TranscriptSegment[], signal?: AbortSignal): Promise<PolicyVerdict> {
      if (!options.moderationModel) return checkLexicon(segments);
      const categories = new Set<string>();
      try {
        // One request after the other: each stays under a low tier's tokens per minute.
        for (const input of moderationBatches(segments)) {
          const result = await withDeadline(name, timeoutMs, signal, (limited) =>
            client.moderations.create({ model: options.moderationModel!, input }, { signal: limited }),
          );
          for (const verdict of result.results) {
            for (const category of policyCategories(verdict.category_scores as unknown as Record<string, number>)) {
              categories.add(category);
            }
          }
        }
      } catch (error) {
        throw providerError(name, options.moderationModel, timeoutMs, error);
      }
      return { flagged: categories.size > 0, categories: [...categories] };
    },

    async checkModel(signal?: AbortSignal) {
      const ids: string[] = [];
      for await (const entry of client.models.list({ signal })) ids.push(entry.id);
      return ids.includes(model) ? null : `the model "${model}" is not in ${name === 'openai' ? 'OpenAI' : 'xAI'}'s model list`;
    },
  };
}
