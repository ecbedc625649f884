import type { IncomingMessage, ServerResponse } from 'node:http';
import { geminiQuotaExceeded, listenOnLoopback, readBody, sampleTranscript, type RunningServer } from '@findclips/testing';
import { analyzeTranscript } from '../pipeline';
import { geminiProvider } from './gemini.provider';
import { openAiCompatibleProvider } from './openai.provider';

/**
 * Billing refusals as the providers send them: each server below answers with the body the provider
 * documents (source in each test). A used-up quota fails at once with its own message, not as a
 * rate limit to retry.
 */
const segments = sampleTranscript(300);
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const servers: RunningServer[] = [];
async function serve(handler: Handler): Promise<RunningServer> {
  const running = await listenOnLoopback(async (req, res) => handler(req, res, await readBody(req)));
  servers.push(running);
  return running;
}
/** What a failed analysis tells the user, and whether the job is retried. */
const failure = (run: Promise<unknown>) =>
  run.then(
    () => 'analysed',
    (e: { code?: string; transient?: boolean; message: string }) => ({
      code: e.code,
      transient: e.transient,
      message: e.message,
    }),
  );
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

const json = (res: ServerResponse, status: number, payload: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(payload));
};

/** The sample transcript analysed by Gemini at `server`, with no retry inside the SDK. */
const geminiAnalysis = (server: RunningServer) =>
  analyzeTranscript({
    segments,
    durationSeconds: 300,
    provider: geminiProvider({
      apiKey: 'AIza-test',
      baseUrl: server.url,
      model: 'gemini-3.8-flash',
      timeoutMs: 10_000,
      maxRetries: 0,
    }),
  });

describe('billing refusals as the providers send them', () => {
  // https://developers.openai.com/api/docs/guides/spend-limits : hard spend limits answer 429 with
  // code organization_spend_limit_exceeded / project_spend_limit_exceeded;
  // https://help.openai.com/en/articles/6614457 : billing errors keep error.type insufficient_quota,
  // error.code is one of these four, and "retrying these errors won't restore access".
  it.each([
    'credit_balance_exhausted',
    'organization_spend_limit_exceeded',
    'project_spend_limit_exceeded',
    'organization_usage_limit_exceeded',
  ])('openai: a 429 of type insufficient_quota with code %s is a used-up quota, not retried', async (code) => {
    let calls = 0;
    const server = await serve((_req, res) => {
      calls++;
      json(res, 429, {
        error: {
          message:
            'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
          type: 'insufficient_quota',
          param: null,
          code,
        },
      });
    });
    const provider = openAiCompatibleProvider({
      name: 'openai',
      apiKey: 'sk-test',
      baseURL: `${server.url}/v1`,
      model: 'gpt-6-luna',
      timeoutMs: 5_000,
      maxRetries: 0,
    });
    expect(await failure(analyzeTranscript({ segments, durationSeconds: 300, provider }))).toMatchObject({
      code: 'PROVIDER_ERROR',
      transient: false,
      message: "OpenAI refused the request: our account's quota is used up. Please contact support.",
    });
    expect(calls).toBe(1);
  });

  // https://ai.google.dev/gemini-api/docs/rate-limits : "Requests per day (RPD) quotas reset at
  // midnight Pacific time"; the 429 names the quota in QuotaFailure.quotaId.
  it.each([
    ['GenerateRequestsPerDayPerProjectPerModel-FreeTier', false, /quota is used up/],
    ['GenerateRequestsPerMinutePerProjectPerModel-FreeTier', true, /too many requests/],
  ])('gemini: a 429 for the quota %s is transient: %s', async (quotaId, transient, message) => {
    const server = await serve((_req, res) => json(res, 429, geminiQuotaExceeded(quotaId, '20.5s')));
    expect(await failure(geminiAnalysis(server))).toMatchObject({
      code: 'PROVIDER_ERROR',
      transient,
      message: expect.stringMatching(message),
    });
  });

  // https://ai.google.dev/gemini-api/docs/generate-content/api-errors : 402 RESOURCE_EXHAUSTED,
  // "Your prepay credit balance is depleted ... Do not retry this request".
  it('gemini: a 402 (prepay credits depleted) is reported as the used-up quota it is', async () => {
    const server = await serve((_req, res) =>
      json(res, 402, {
        error: {
          code: 402,
          message: 'Your prepayment credits are depleted. Please go to AI Studio to manage your project and billing.',
          status: 'RESOURCE_EXHAUSTED',
        },
      }),
    );
    expect(await failure(geminiAnalysis(server))).toMatchObject({
      code: 'PROVIDER_ERROR',
      transient: false,
      message: "Gemini refused the request: our account's quota is used up. Please contact support.",
    });
  });
});
