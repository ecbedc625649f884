import { randomBytes } from 'node:crypto';
import { listenOnLoopback, readBody } from './listen';
import { fakeAnalysis, Script } from './fake-model';

export interface FakeOpenAi {
  /** Base URL for the SDK (`OPENAI_BASE_URL` / `XAI_BASE_URL`): ends in /v1. */
  baseUrl: string;
  apiKey: string;
  script: Script;
  /** Texts containing this are flagged by /v1/moderations (category `violence`). */
  flagWord: string;
  calls: { chat: number; moderation: number };
  /** Bodies of the chat completion requests received. */
  chatRequests: Record<string, unknown>[];
  /** Milliseconds each chat completion waits, to imitate a model's latency. */
  latencyMs: number;
  close(): Promise<void>;
}

/**
 * A fake OpenAI-compatible API on 127.0.0.1 (OpenAI, and xAI which speaks the same format):
 * POST /v1/chat/completions with response_format json_schema, POST /v1/moderations, and the
 * real error bodies for 401, 429 and 500.
 */
export async function startFakeOpenAi({ apiKey = `sk-test-${randomBytes(6).toString('hex')}` } = {}): Promise<FakeOpenAi> {
  const script = new Script();
  const calls = { chat: 0, moderation: 0 };
  const chatRequests: Record<string, unknown>[] = [];
  const state = { latencyMs: 0, flagWord: 'FLAGGED-BY-MODERATION' };
  const hanging = new Set<() => void>();

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
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return json(401, {
        error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
      });
    }
    const request = JSON.parse(body || '{}') as Record<string, unknown>;

    if (req.method === 'POST' && req.url === '/v1/moderations') {
      calls.moderation++;
      const inputs = ([] as string[]).concat(request.input as string | string[]);
      return json(200, {
        id: `modr-${randomBytes(6).toString('hex')}`,
        model: request.model,
        results: inputs.map((text) => {
          const flagged = text.includes(state.flagWord);
          return {
            flagged,
            categories: { violence: flagged, harassment: false },
            category_scores: { violence: flagged ? 0.97 : 0.01, harassment: 0.0 },
          };
        }),
      });
    }

    if (req.method === 'POST' && req.url === '/v1/chat/completions') {
      calls.chat++;
      chatRequests.push(request);
      if (state.latencyMs) await new Promise((resolve) => setTimeout(resolve, state.latencyMs).unref());
      const behaviour = script.next();
      if (behaviour === 'hang') return void hanging.add(() => res.destroy());
      if (behaviour === 'rate-limit') {
        return json(
          429,
          { error: { message: 'Rate limit reached for requests', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
          { 'retry-after-ms': '10' },
        );
      }
      if (behaviour === 'server-error')
        return json(500, { error: { message: 'The server had an error', type: 'server_error', param: null, code: null } });
      const messages = request.messages as { role: string; content: string }[];
      const prompt = messages
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .join('\n');
      const blocked = behaviour === 'blocked';
      return json(200, {
        id: `chatcmpl-${randomBytes(8).toString('hex')}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: request.model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: blocked ? null : fakeAnalysis(prompt, behaviour),
              refusal: blocked ? 'I cannot help with this content.' : null,
            },
            finish_reason: 'stop',
            logprobs: null,
          },
        ],
        usage: {
          prompt_tokens: Math.ceil(prompt.length / 4),
          completion_tokens: 200,
          total_tokens: Math.ceil(prompt.length / 4) + 200,
        },
      });
    }
    json(404, { error: { message: `Unknown request URL: ${req.method} ${req.url}`, type: 'invalid_request_error' } });
  });

  return {
    baseUrl: `${running.url}/v1`,
    apiKey,
    script,
    get flagWord() {
      return state.flagWord;
    },
    set flagWord(word: string) {
      state.flagWord = word;
    },
    calls,
    chatRequests,
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
