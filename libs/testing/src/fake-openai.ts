import { randomBytes } from 'node:crypto';
import { listenOnLoopback, readBody } from './listen';
import { fakeAnalysis, Script, strictSchemaProblem } from './fake-model';

export interface FakeOpenAi {
  /** Base URL for the SDK (`OPENAI_BASE_URL` / `XAI_BASE_URL`): ends in /v1. */
  baseUrl: string;
  apiKey: string;
  script: Script;
  /** Texts containing this score high on `illicit/violent` (instructions for violence): our policy refuses them. */
  flagWord: string;
  /** Texts containing this score high on `violence` only, as news reporting a war does: our policy lets them pass. */
  newsWord: string;
  /** Requests answered, by endpoint; `refused`: any refused for its key. */
  calls: { chat: number; moderation: number; models: number; refused: number };
  /** Bodies of the chat completion requests received. */
  chatRequests: Record<string, unknown>[];
  /** Estimated tokens of each moderation request received. */
  moderationTokens: number[];
  /** Milliseconds each chat completion waits, to imitate a model's latency. */
  latencyMs: number;
  close(): Promise<void>;
}

/** A model the fake serves, and what it takes. */
interface ModelSpec {
  /** Rejects a `temperature` other than 1 (OpenAI's reasoning models). */
  reasoning: boolean;
  /** Takes `reasoning_effort`. */
  effort: boolean;
}

/** OpenAI's models (2026-11): the GPT-6 and GPT-5.6 reasoning models, gpt-4.1-mini until 2027-01-14, moderation. */
const OPENAI_MODELS: Record<string, ModelSpec> = {
  'gpt-6-luna': { reasoning: true, effort: true },
  'gpt-6.1-sol': { reasoning: true, effort: true },
  'gpt-5.6-luna': { reasoning: true, effort: true },
  'gpt-4.1-mini': { reasoning: false, effort: false },
  'omni-moderation-latest': { reasoning: false, effort: false },
};

/** xAI's models, as its model list names them after the 2026-05-15 retirement. */
const XAI_MODELS: Record<string, ModelSpec> = {
  'grok-4.3': { reasoning: true, effort: true },
  'grok-4.20-0309-reasoning': { reasoning: true, effort: false },
  'grok-4.20-0309-non-reasoning': { reasoning: false, effort: false },
};

/**
 * Slugs xAI retired on 2026-05-15: they still resolve, served by grok-4.3 (`low` reasoning effort for
 * the reasoning ones, `none` for the others) and billed as it
 * (https://docs.x.ai/developers/migration/may-15-retirement), but its model list no longer names
 * them. Each takes what it took before (the fast models reject `reasoning_effort`:
 * github.com/JetBrains/junie/issues/39). Older retired models (grok-beta, grok-2…) answer 404.
 */
const XAI_REDIRECTED: Record<string, ModelSpec> = {
  'grok-4-1-fast-reasoning': { reasoning: true, effort: false },
  'grok-4-1-fast-non-reasoning': { reasoning: false, effort: false },
  'grok-4-fast-reasoning': { reasoning: true, effort: false },
  'grok-4-fast-non-reasoning': { reasoning: false, effort: false },
  'grok-4-0709': { reasoning: true, effort: false },
  'grok-3': { reasoning: false, effort: false },
};

/** The moderation categories of omni-moderation (13), with the input types each applies to. */
const MODERATION_CATEGORIES: Record<string, string[]> = {
  harassment: ['text'],
  'harassment/threatening': ['text'],
  hate: ['text'],
  'hate/threatening': ['text'],
  illicit: ['text'],
  'illicit/violent': ['text'],
  'self-harm': ['text', 'image'],
  'self-harm/intent': ['text', 'image'],
  'self-harm/instructions': ['text', 'image'],
  sexual: ['text', 'image'],
  'sexual/minors': ['text'],
  violence: ['text', 'image'],
  'violence/graphic': ['text', 'image'],
};

/** Tokens a minute of the lowest usage tier on moderation: one request over it answers 429 "Request too large". */
const MODERATION_TPM = 10_000;
const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/**
 * A fake OpenAI-compatible API on 127.0.0.1, as OpenAI (`flavor: 'openai'`) or xAI answers:
 * chat completions with strict json_schema validation (400 for a schema strict mode refuses),
 * the models each serves and what they take (400 for `temperature` on a reasoning model, for
 * `reasoning_effort` where unsupported; xAI's names retired on 2026-05-15 served by grok-4.3),
 * `finish_reason` 'length' and 'content_filter', the models list, 404 `model_not_found` (xAI: 404
 * "Some requested entity was not found"), 429 rate limits and `insufficient_quota` (xAI: spent
 * credits), a prompt refused under the usage policy (OpenAI: 400 `invalid_prompt`; xAI: 403
 * "Content violates usage guidelines"), 500; and OpenAI's /v1/moderations with its 13 categories
 * and scores, and its "Request too large" 429 over a tier's tokens per minute.
 * Error bodies are each service's own: OpenAI's `{error: {message, type, param, code}}`,
 * xAI's `{code, error}`.
 */
export async function startFakeOpenAi({
  apiKey = `sk-test-${randomBytes(6).toString('hex')}`,
  flavor = 'openai' as 'openai' | 'xai',
} = {}): Promise<FakeOpenAi> {
  const script = new Script();
  const calls = { chat: 0, moderation: 0, models: 0, refused: 0 };
  const chatRequests: Record<string, unknown>[] = [];
  const moderationTokens: number[] = [];
  const state = { latencyMs: 0, flagWord: 'FLAGGED-BY-MODERATION', newsWord: 'REPORTED-VIOLENCE' };
  const hanging = new Set<() => void>();
  const models = flavor === 'xai' ? XAI_MODELS : OPENAI_MODELS;

  const running = await listenOnLoopback(async (req, res) => {
    const body = await readBody(req);
    const json = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-request-id': `req_${randomBytes(6).toString('hex')}`,
        ...headers,
      });
      res.end(JSON.stringify(payload));
    };
    /** An error in this service's own body shape. */
    const fail = (
      status: number,
      message: string,
      fields: { type?: string; param?: string | null; code?: string | null } = {},
    ) =>
      flavor === 'xai'
        ? json(status, { code: fields.code ?? 'Client specified an invalid argument', error: message })
        : json(status, {
            error: {
              message,
              type: fields.type ?? 'invalid_request_error',
              param: fields.param ?? null,
              code: fields.code ?? null,
            },
          });
    // A key the service does not take: OpenAI's 401, xAI's 400 (as recorded), each naming the key masked.
    const bearer = /^Bearer (.*)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (bearer !== apiKey) {
      calls.refused++;
      const masked = `${bearer.slice(0, 2)}***${bearer.slice(-2)}`;
      return flavor === 'xai'
        ? fail(400, `Incorrect API key provided: ${masked}. You can obtain an API key from https://console.x.ai.`)
        : fail(
            401,
            `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`,
            {
              code: 'invalid_api_key',
            },
          );
    }

    if (req.method === 'GET' && req.url === '/v1/models') {
      calls.models++;
      const created = Math.floor(Date.UTC(2026, 8, 22) / 1000);
      return json(200, {
        object: 'list',
        data: Object.keys(models).map((id) => ({ id, object: 'model', created, owned_by: flavor === 'xai' ? 'xai' : 'system' })),
      });
    }

    const request = JSON.parse(body || '{}') as Record<string, unknown>;
    const model = String(request.model ?? '');
    const redirected = flavor === 'xai' ? XAI_REDIRECTED[model] : undefined;
    const spec = models[model] ?? redirected;
    // xAI's body as recorded in github.com/yihong0618/bilingual_book_maker/issues/464.
    const unknownModel = () =>
      flavor === 'xai'
        ? json(404, {
            code: 'Some requested entity was not found',
            error: `The model ${model} does not exist or your team fake-team does not have access to it. Please ensure you're using the correct API key. If you believe this is a mistake, please contact support and quote your team ID and the model name.`,
          })
        : fail(404, `The model \`${model}\` does not exist or you do not have access to it.`, { code: 'model_not_found' });

    if (req.method === 'POST' && req.url === '/v1/moderations' && flavor === 'openai') {
      calls.moderation++;
      if (!spec) return unknownModel();
      const inputs = ([] as string[]).concat(request.input as string | string[]);
      const tokens = inputs.reduce((sum, text) => sum + estimateTokens(text), 0);
      moderationTokens.push(tokens);
      if (tokens > MODERATION_TPM) {
        return fail(
          429,
          `Request too large for ${model} in organization org-fake on tokens per min (TPM): Limit ${MODERATION_TPM}, Requested ${tokens}. The input or output tokens must be reduced in order to run successfully. Visit https://platform.openai.com/account/rate-limits to learn more.`,
          { type: 'tokens', param: null, code: 'rate_limit_exceeded' },
        );
      }
      return json(200, {
        id: `modr-${randomBytes(6).toString('hex')}`,
        model: 'omni-moderation-2024-09-26',
        results: inputs.map((text) => {
          const instructions = text.includes(state.flagWord);
          const news = text.includes(state.newsWord);
          const scores = Object.fromEntries(Object.keys(MODERATION_CATEGORIES).map((c) => [c, 0.00012]));
          if (instructions) Object.assign(scores, { illicit: 0.93, 'illicit/violent': 0.91, violence: 0.88 });
          if (news) Object.assign(scores, { violence: 0.86, 'violence/graphic': 0.41 });
          const categories = Object.fromEntries(Object.entries(scores).map(([c, score]) => [c, score >= 0.5]));
          return {
            flagged: Object.values(categories).some(Boolean),
            categories,
            category_scores: scores,
            category_applied_input_types: MODERATION_CATEGORIES,
          };
        }),
      });
    }

    if (req.method === 'POST' && req.url === '/v1/chat/completions') {
      calls.chat++;
      chatRequests.push(request);
      if (!spec) return unknownModel();
      if (spec.reasoning && request.temperature !== undefined && request.temperature !== 1) {
        return fail(
          400,
          `Unsupported value: 'temperature' does not support ${String(request.temperature)} with this model. Only the default (1) value is supported.`,
          { param: 'temperature', code: 'unsupported_value' },
        );
      }
      if (request.reasoning_effort !== undefined && !spec.effort) {
        return flavor === 'xai'
          ? json(400, { code: 'invalid-argument', error: `Model ${model} does not support parameter reasoningEffort.` })
          : fail(400, "Unsupported parameter: 'reasoning_effort' is not supported with this model.", {
              param: 'reasoning_effort',
              code: 'unsupported_parameter',
            });
      }
      if (spec.reasoning && request.max_tokens !== undefined) {
        return fail(
          400,
          "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          {
            param: 'max_tokens',
            code: 'unsupported_parameter',
          },
        );
      }
      const format = request.response_format as
        { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: unknown } } | undefined;
      const schemaProblem = format?.json_schema?.strict ? strictSchemaProblem(format.json_schema.schema) : null;
      if (schemaProblem) {
        return fail(400, `Invalid schema for response_format '${format!.json_schema!.name}': ${schemaProblem}`, {
          param: 'response_format',
        });
      }
      // A message without content (and no tool calls): OpenAI takes an empty string but not null
      // (github.com/vllm-project/vllm/issues/21089, github.com/run-llama/llama_index/pull/17921);
      // xAI takes neither, an assistant turn of '' included (github.com/tetsuo-ai/agenc-core/pull/428,
      // github.com/langchain-ai/langchain/issues/34140).
      const messages = (request.messages ?? []) as { role: string; content?: unknown; tool_calls?: unknown[] }[];
      const empty = messages.findIndex(
        (m) =>
          !m.tool_calls?.length &&
          (flavor === 'xai' ? !m.content || (Array.isArray(m.content) && !m.content.length) : m.content === null),
      );
      if (empty >= 0) {
        return flavor === 'xai'
          ? fail(400, 'Invalid request content: Each message must have at least one content element.')
          : fail(400, "Invalid value for 'content': expected a string, got null.", { param: `messages.[${empty}].content` });
      }
      if (state.latencyMs) await new Promise((resolve) => setTimeout(resolve, state.latencyMs).unref());
      const behaviour = script.next();
      if (behaviour === 'hang') return void hanging.add(() => res.destroy());
      if (behaviour === 'rate-limit-wait')
        return json(
          429,
          { error: { message: 'Rate limit reached for requests', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
          { 'retry-after': '30' },
        );
      if (behaviour === 'rate-limit') {
        return flavor === 'xai'
          ? json(
              429,
              { code: 'Too many requests', error: `Too many tokens for team fake: Tokens per Minute (actual/limit).` },
              { 'retry-after-ms': '10' },
            )
          : fail(429, 'Rate limit reached for requests', { type: 'requests', code: 'rate_limit_exceeded' });
      }
      if (behaviour === 'insufficient-quota') {
        // xAI refuses a team without credits with 403 (a 429 before September 2026).
        return flavor === 'xai'
          ? json(403, {
              code: 'permission-denied',
              error:
                'Your team fake-team has either used all available credits or reached its monthly spending limit. To continue making API requests, please purchase more credits or raise your spending limit.',
            })
          : fail(
              429,
              'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
              { type: 'insufficient_quota', code: 'insufficient_quota' },
            );
      }
      if (behaviour === 'usage-policy') {
        // Recorded bodies: OpenAI's in github.com/alan-turing-institute/t0-1/issues/69 and
        // github.com/BeehiveInnovations/pal-mcp-server/issues/178; xAI's in
        // github.com/UKGovernmentBEIS/inspect_ai/pull/2267 and github.com/theopenco/llmgateway/pull/1785.
        return flavor === 'xai'
          ? json(403, {
              code: 'The caller does not have permission to execute the specified operation',
              error: `Content violates usage guidelines. Team: fake-team, API key ID: fake-key, Model: ${model}, Failed check: SAFETY_CHECK_TYPE_BIO`,
            })
          : fail(
              400,
              'Invalid prompt: your prompt was flagged as potentially violating our usage policy. Please try again with a different prompt: https://platform.openai.com/docs/guides/reasoning#advice-on-prompting',
              { code: 'invalid_prompt' },
            );
      }
      if (behaviour === 'server-error')
        return fail(500, 'The server had an error while processing your request. Sorry about that!', { type: 'server_error' });
      const prompt = messages
        .filter((m) => m.role === 'user')
        .map((m) => String(m.content))
        .join('\n');
      const answer = fakeAnalysis(prompt, behaviour);
      const finish = behaviour === 'cut-off' ? 'length' : behaviour === 'content-filter' ? 'content_filter' : 'stop';
      const blocked = behaviour === 'blocked';
      const content = blocked
        ? null
        : behaviour === 'empty'
          ? ''
          : finish === 'stop'
            ? answer
            : answer.slice(0, Math.floor(answer.length / 3));
      return json(200, {
        id: `chatcmpl-${randomBytes(8).toString('hex')}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: redirected ? 'grok-4.3' : model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content,
              refusal: blocked ? 'I cannot help with this content.' : null,
              annotations: [],
            },
            finish_reason: finish,
            logprobs: null,
          },
        ],
        usage: {
          prompt_tokens: estimateTokens(prompt),
          completion_tokens: estimateTokens(answer),
          total_tokens: estimateTokens(prompt) + estimateTokens(answer),
          completion_tokens_details: { reasoning_tokens: spec.reasoning ? 256 : 0 },
        },
      });
    }
    const route = `${req.method} ${req.url}`;
    return flavor === 'xai'
      ? json(404, { code: 'Some requested entity was not found', error: `No handler found on route ${route}` })
      : fail(
          404,
          `Unknown request URL: ${route}. Please check the URL for typos, or see the docs at https://platform.openai.com/docs/api-reference/.`,
        );
  });

  return {
    baseUrl: `${running.url}/v1`,
    apiKey,
    script,
    get flagWord() {
      return state.flagWord;
    },
    get newsWord() {
      return state.newsWord;
    },
    calls,
    chatRequests,
    moderationTokens,
    get latencyMs() {
      return state.latencyMs;
    },
    set latencyMs(ms: number) {
      state.latencyMs = ms;
    },
    close: async () => {
      for (const end of hanging) end();
      await running.close();
    },
  };
}
