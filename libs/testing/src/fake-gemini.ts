import { randomBytes } from 'node:crypto';
import { listenOnLoopback, readBody } from './listen';
import { fakeAnalysis, Script } from './fake-model';

export interface FakeGemini {
  /** `GEMINI_BASE_URL`. */
  baseUrl: string;
  apiKey: string;
  script: Script;
  /** Requests answered, by endpoint; `refused`: any refused for its key. */
  calls: { generate: number; models: number; refused: number };
  requests: Record<string, unknown>[];
  /** The wait the 429 of 'rate-limit-wait' asks for in its RetryInfo ('30s' unless set). */
  longerWait: string;
  close(): Promise<void>;
}

/** Gemini's models (2026-11): the 3.x Flash models take `thinkingLevel`, 2.5 Flash-Lite `thinkingBudget`. */
const MODELS: Record<string, { thinkingLevel: boolean }> = {
  'gemini-3.8-flash': { thinkingLevel: true },
  'gemini-3.7-flash': { thinkingLevel: true },
  'gemini-3.5-flash-lite': { thinkingLevel: true },
  'gemini-2.5-flash-lite': { thinkingLevel: false },
};

type GenerateRequest = {
  contents?: { parts?: { text?: string }[] }[];
  generationConfig?: { thinkingConfig?: { thinkingLevel?: string; thinkingBudget?: number }; maxOutputTokens?: number };
};

const SAFETY_BLOCKED = [
  { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true },
  { category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' },
];

/**
 * Google's 429 body (https://ai.google.dev/gemini-api/docs/rate-limits): QuotaFailure names the
 * quota ('...PerMinute...', '...PerDay...'), RetryInfo says how long to wait (no Retry-After header).
 */
export const geminiQuotaExceeded = (quotaId: string, retryDelay: string) => {
  const metric = 'generativelanguage.googleapis.com/generate_content_free_tier_requests';
  return {
    error: {
      code: 429,
      message: `You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits. To monitor your current usage, head to: https://ai.dev/usage?tab=rate-limit. \n* Quota exceeded for metric: ${metric}, limit: 250, model: gemini-3.8-flash\nPlease retry in ${retryDelay}.`,
      status: 'RESOURCE_EXHAUSTED',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.Help',
          links: [
            { description: 'Learn more about Gemini API quotas', url: 'https://ai.google.dev/gemini-api/docs/rate-limits' },
          ],
        },
        {
          '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
          violations: [
            {
              quotaMetric: metric,
              quotaId,
              quotaDimensions: { location: 'global', model: 'gemini-3.8-flash' },
              quotaValue: '250',
            },
          ],
        },
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay },
      ],
    },
  };
};

/**
 * Google's 429 for a billing account past its monthly spending cap
 * (https://ai.google.dev/gemini-api/docs/billing#tier-spend-caps): RESOURCE_EXHAUSTED like a rate
 * limit, but no QuotaFailure and no RetryInfo; requests stay refused until the next billing cycle.
 */
const geminiSpendCapReached = {
  error: {
    code: 429,
    message:
      'Your billing account has exceeded its monthly spending cap. Please go to AI Studio at https://ai.studio/billing to manage your billing.',
    status: 'RESOURCE_EXHAUSTED',
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.Help',
        links: [
          { description: 'Learn more about spend caps', url: 'https://ai.google.dev/gemini-api/docs/billing#tier-spend-caps' },
        ],
      },
    ],
  },
};

/**
 * A fake Gemini API on 127.0.0.1: POST /v1beta/models/{model}:generateContent with
 * generationConfig.responseJsonSchema and the thinking settings each model takes (400 otherwise),
 * GET /v1beta/models (paged), 404 NOT_FOUND for a model it does not serve, promptFeedback for a
 * blocked prompt, candidate-level SAFETY, MAX_TOKENS, RECITATION, LANGUAGE and OTHER stops, a STOP
 * with no parts, thought parts and signatures, and Google's error bodies for 400 (a part of empty
 * text), 429 (per minute with its RetryInfo, per day) and 500.
 */
export async function startFakeGemini({ apiKey = `AIza-test-${randomBytes(6).toString('hex')}` } = {}): Promise<FakeGemini> {
  const script = new Script();
  const calls = { generate: 0, models: 0, refused: 0 };
  const requests: Record<string, unknown>[] = [];
  const hanging = new Set<() => void>();
  const fake: FakeGemini = { baseUrl: '', apiKey, script, calls, requests, longerWait: '30s', close: async () => undefined };

  const running = await listenOnLoopback(async (req, res) => {
    const body = await readBody(req);
    const json = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(payload));
    };
    const error = (code: number, status: string, message: string) => json(code, { error: { code, message, status } });
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const key = req.headers['x-goog-api-key'] ?? url.searchParams.get('key');
    if (key !== apiKey) {
      calls.refused++;
      return error(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
    }

    if (req.method === 'GET' && url.pathname === '/v1beta/models') {
      calls.models++;
      const names = Object.keys(MODELS);
      const size = Number(url.searchParams.get('pageSize') ?? 50);
      const from = Number(url.searchParams.get('pageToken') ?? 0);
      const page = names.slice(from, from + size);
      return json(200, {
        models: page.map((name) => ({
          name: `models/${name}`,
          version: '001',
          displayName: name,
          inputTokenLimit: 1_048_576,
          outputTokenLimit: 65_536,
          supportedGenerationMethods: ['generateContent', 'countTokens', 'createCachedContent', 'batchGenerateContent'],
          temperature: 1,
          maxTemperature: 2,
          topP: 0.95,
          topK: 64,
          thinking: true,
        })),
        ...(from + size < names.length ? { nextPageToken: String(from + size) } : {}),
      });
    }

    const match = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(url.pathname);
    if (req.method !== 'POST' || !match) return error(404, 'NOT_FOUND', 'Not found');
    const model = match[1]!;
    calls.generate++;
    const request = JSON.parse(body || '{}') as GenerateRequest;
    requests.push(request as Record<string, unknown>);
    const spec = MODELS[model];
    if (!spec) {
      return error(
        404,
        'NOT_FOUND',
        `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
      );
    }
    // A part whose text is empty has no data: proto3 JSON reads "" as unset (recorded in
    // github.com/router-for-me/CLIProxyAPI/issues/1292 and /issues/3485).
    for (const [c, content] of (request.contents ?? []).entries()) {
      const p = (content.parts ?? []).findIndex((part) => part.text === '');
      if (p >= 0) {
        return error(
          400,
          'INVALID_ARGUMENT',
          `* GenerateContentRequest.contents[${c}].parts[${p}].data: required oneof field 'data' must have one initialized field\n`,
        );
      }
    }
    const thinking = request.generationConfig?.thinkingConfig;
    if (thinking?.thinkingLevel && thinking.thinkingBudget !== undefined)
      return error(400, 'INVALID_ARGUMENT', 'You can only set one of thinking budget and thinking level.');
    if (thinking?.thinkingLevel && !spec.thinkingLevel)
      return error(400, 'INVALID_ARGUMENT', 'Thinking level is not supported for this model.');

    const behaviour = script.next();
    if (behaviour === 'hang') return void hanging.add(() => res.destroy());
    const perMinute = 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier';
    if (behaviour === 'rate-limit') return json(429, geminiQuotaExceeded(perMinute, '2.5s'));
    if (behaviour === 'rate-limit-wait') return json(429, geminiQuotaExceeded(perMinute, fake.longerWait));
    // A daily quota's RetryInfo asks for seconds, not the hours until midnight Pacific time: recorded
    // as '36s' in github.com/diegosouzapw/OmniRoute/issues/9504 (waiting it out does not help).
    if (behaviour === 'insufficient-quota')
      return json(429, geminiQuotaExceeded('GenerateRequestsPerDayPerProjectPerModel-FreeTier', '36s'));
    if (behaviour === 'spend-cap') return json(429, geminiSpendCapReached);
    if (behaviour === 'server-error') return error(500, 'INTERNAL', 'An internal error has occurred.');
    const usage = (prompt: string, answer: string) => ({
      promptTokenCount: Math.ceil(prompt.length / 4),
      candidatesTokenCount: Math.ceil(answer.length / 4),
      thoughtsTokenCount: 180,
      totalTokenCount: Math.ceil(prompt.length / 4) + Math.ceil(answer.length / 4) + 180,
    });
    if (behaviour === 'blocked' || behaviour === 'blocked-other') {
      return json(200, {
        promptFeedback:
          behaviour === 'blocked' ? { blockReason: 'SAFETY', safetyRatings: SAFETY_BLOCKED } : { blockReason: 'OTHER' },
        usageMetadata: { promptTokenCount: 100, totalTokenCount: 100 },
        modelVersion: model,
      });
    }
    if (behaviour === 'empty') {
      return json(200, {
        candidates: [{ content: { role: 'model' }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 100, totalTokenCount: 100 },
        modelVersion: model,
      });
    }
    const prompt = (request.contents ?? [])
      .flatMap((c) => c.parts ?? [])
      .map((p) => p.text ?? '')
      .join('\n');
    const answer = fakeAnalysis(prompt, behaviour);
    const signature = randomBytes(24).toString('base64');
    const candidate =
      behaviour === 'content-filter'
        ? { finishReason: 'SAFETY', safetyRatings: SAFETY_BLOCKED, index: 0 }
        : behaviour === 'recitation'
          ? { content: { parts: [{ text: answer.slice(0, 40) }], role: 'model' }, finishReason: 'RECITATION', index: 0 }
          : behaviour === 'other' || behaviour === 'language'
            ? { finishReason: behaviour.toUpperCase(), index: 0 }
            : behaviour === 'cut-off'
              ? {
                  content: { parts: [{ text: answer.slice(0, Math.floor(answer.length / 3)) }], role: 'model' },
                  finishReason: 'MAX_TOKENS',
                  index: 0,
                }
              : {
                  content: {
                    parts: [
                      ...(behaviour === 'thoughts'
                        ? [{ text: '**Reading the transcript**\nThe talk moves from one subject to the next.', thought: true }]
                        : []),
                      { text: answer, thoughtSignature: signature },
                    ],
                    role: 'model',
                  },
                  finishReason: 'STOP',
                  index: 0,
                };
    json(200, {
      candidates: [candidate],
      usageMetadata: usage(prompt, answer),
      modelVersion: model,
      responseId: randomBytes(8).toString('hex'),
    });
  });

  fake.baseUrl = running.url;
  fake.close = async () => {
    for (const end of hanging) end();
    await running.close();
  };
  return fake;
}

/** Analysis env that points the AI providers at the fakes: xAI's only when its fake (flavor `xai`) is given. */
export function fakeProviderEnv(
  openai: { apiKey: string; baseUrl: string },
  gemini: { apiKey: string; baseUrl: string },
  xai?: { apiKey: string; baseUrl: string },
) {
  return {
    OPENAI_API_KEY: openai.apiKey,
    OPENAI_BASE_URL: openai.baseUrl,
    ...(xai ? { XAI_API_KEY: xai.apiKey, XAI_BASE_URL: xai.baseUrl } : {}),
    GEMINI_API_KEY: gemini.apiKey,
    GEMINI_BASE_URL: gemini.baseUrl,
  };
}
