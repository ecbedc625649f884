import { randomBytes } from 'node:crypto';
import { listenOnLoopback, readBody } from './listen';
import { fakeAnalysis, Script } from './fake-model';

export interface FakeGemini {
  /** `GEMINI_BASE_URL`. */
  baseUrl: string;
  apiKey: string;
  script: Script;
  calls: { generate: number };
  requests: Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * A fake Gemini API on 127.0.0.1: POST /v1beta/models/{model}:generateContent with
 * generationConfig.responseJsonSchema, promptFeedback.blockReason for blocked prompts, and
 * Google's error body for 429 and 500.
 */
export async function startFakeGemini({ apiKey = `AIza-test-${randomBytes(6).toString('hex')}` } = {}): Promise<FakeGemini> {
  const script = new Script();
  const calls = { generate: 0 };
  const requests: Record<string, unknown>[] = [];
  const hanging = new Set<() => void>();

  const running = await listenOnLoopback(async (req, res) => {
    const body = await readBody(req);
    const json = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(payload));
    };
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const key = req.headers['x-goog-api-key'] ?? url.searchParams.get('key');
    if (key !== apiKey)
      return json(400, {
        error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' },
      });
    const match = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(url.pathname);
    if (req.method !== 'POST' || !match) return json(404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });

    calls.generate++;
    const request = JSON.parse(body || '{}') as { contents?: { parts?: { text?: string }[] }[] };
    requests.push(request as Record<string, unknown>);
    const behaviour = script.next();
    if (behaviour === 'hang') return void hanging.add(() => res.destroy());
    if (behaviour === 'rate-limit')
      return json(429, {
        error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' },
      });
    if (behaviour === 'server-error')
      return json(500, { error: { code: 500, message: 'An internal error has occurred.', status: 'INTERNAL' } });
    if (behaviour === 'blocked') {
      return json(200, {
        promptFeedback: {
          blockReason: 'SAFETY',
          safetyRatings: [
            { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true },
            { category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' },
          ],
        },
        usageMetadata: { promptTokenCount: 100, totalTokenCount: 100 },
        modelVersion: match[1],
      });
    }
    const prompt = (request.contents ?? [])
      .flatMap((c) => c.parts ?? [])
      .map((p) => p.text ?? '')
      .join('\n');
    json(200, {
      candidates: [
        { content: { parts: [{ text: fakeAnalysis(prompt, behaviour) }], role: 'model' }, finishReason: 'STOP', index: 0 },
      ],
      usageMetadata: {
        promptTokenCount: Math.ceil(prompt.length / 4),
        candidatesTokenCount: 200,
        totalTokenCount: Math.ceil(prompt.length / 4) + 200,
      },
      modelVersion: match[1],
      responseId: randomBytes(8).toString('hex'),
    });
  });

  return {
    baseUrl: running.url,
    apiKey,
    script,
    calls,
    requests,
    close: async () => {
      for (const end of hanging) end();
      await running.close();
    },
  };
}

/** Analysis env that points every AI provider at the fakes (xAI speaks OpenAI's format). */
export function fakeProviderEnv(openai: { apiKey: string; baseUrl: string }, gemini: { apiKey: string; baseUrl: string }) {
  return {
    OPENAI_API_KEY: openai.apiKey,
    OPENAI_BASE_URL: openai.baseUrl,
    XAI_API_KEY: openai.apiKey,
    XAI_BASE_URL: openai.baseUrl,
    GEMINI_API_KEY: gemini.apiKey,
    GEMINI_BASE_URL: gemini.baseUrl,
  };
}
