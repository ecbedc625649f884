import { analysisEnvSchema, parseEnv } from '@findclips/config';
import {
  fakeProviderEnv,
  sampleTranscript,
  startFakeGemini,
  startFakeOpenAi,
  type FakeGemini,
  type FakeOpenAi,
} from '@findclips/testing';
import type { TranscriptSegment } from '@findclips/contracts';
import { analyzeTranscript } from '../pipeline';
import type { AnalysisProvider } from '../provider';
import { checkModels, createProviders, pickProvider } from './registry';

const moderationOnly = (provider: AnalysisProvider, segments: TranscriptSegment[]) => provider.moderate!(segments);

const segments = sampleTranscript(300);
const transcriptText = segments.map((s) => s.text).join(' ');

describe('AI providers through their real SDKs, against fakes', () => {
  let openai: FakeOpenAi;
  let xai: FakeOpenAi;
  let gemini: FakeGemini;
  let providers: ReturnType<typeof createProviders>;
  /** Providers with these settings over the default ones, against the same fakes. */
  const providersWith = (env: Record<string, string>) =>
    createProviders(
      parseEnv('test', analysisEnvSchema, { ...fakeProviderEnv(openai, gemini, xai), PROVIDER_TIMEOUT_MS: '5000', ...env }),
    );

  beforeAll(async () => {
    [openai, xai, gemini] = await Promise.all([startFakeOpenAi(), startFakeOpenAi({ flavor: 'xai' }), startFakeGemini()]);
    providers = providersWith({});
  });
  afterAll(async () => {
    await Promise.all([openai.close(), xai.close(), gemini.close()]);
  });
  const script = (name: 'openai' | 'gemini') => (name === 'openai' ? openai : gemini).script;

  it.each(['openai', 'grok', 'gemini'] as const)(
    '%s: grounded topics whose quotes are verbatim transcript text',
    async (name) => {
      const result = await analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get(name)! });
      expect(result).toMatchObject({ provider: name, chunks: 1 });
      expect(result.topics.length).toBeGreaterThanOrEqual(2);
      for (const topic of result.topics) for (const quote of topic.quotes) expect(transcriptText).toContain(quote.content);
    },
  );

  it('openai and grok: structured output with our schema, numbered lines, and only the parameters the model takes', async () => {
    await analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('openai')! });
    const request = openai.chatRequests.at(-1) as Record<string, unknown> & {
      response_format: { type: string; json_schema: { strict: boolean } };
      messages: { content: string }[];
    };
    expect(request.model).toBe('gpt-6-luna');
    expect(request.response_format.type).toBe('json_schema');
    expect(request.response_format.json_schema.strict).toBe(true);
    expect(request.messages[1]!.content).toMatch(/^L1 \[0\.0-\d+\.\d\] Let's talk about sleep/m);
    expect(request.messages[1]!.content).toContain('Give about 1 topic for these');
    // A reasoning model: no temperature (it would answer 400), a small effort, an output limit.
    expect(request).not.toHaveProperty('temperature');
    expect(request).toMatchObject({ reasoning_effort: 'low', max_completion_tokens: 8192 });

    await analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('grok')! });
    expect(xai.chatRequests.at(-1)).toMatchObject({ model: 'grok-4.3', reasoning_effort: 'low', max_completion_tokens: 8192 });
    const nonReasoning = providersWith({ XAI_MODEL: 'grok-4.20-0309-non-reasoning' }).get('grok')!;
    await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: nonReasoning })).resolves.toBeDefined();
    expect(xai.chatRequests.at(-1)).toMatchObject({ temperature: 0.2 });
    expect(xai.chatRequests.at(-1)).not.toHaveProperty('reasoning_effort');
  });

  it('gemini: JSON with responseJsonSchema, thinkingLevel on Gemini 3 (default temperature), thinkingBudget on 2.5', async () => {
    await analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('gemini')! });
    const request = gemini.requests.at(-1) as { generationConfig: Record<string, unknown> };
    expect(request.generationConfig).toMatchObject({
      responseMimeType: 'application/json',
      responseJsonSchema: expect.objectContaining({ required: ['topics'] }),
      thinkingConfig: { thinkingLevel: 'LOW' },
      maxOutputTokens: 8192,
    });
    expect(request.generationConfig).not.toHaveProperty('temperature');
    const older = providersWith({ GEMINI_MODEL: 'gemini-2.5-flash-lite' }).get('gemini')!;
    await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: older })).resolves.toBeDefined();
    expect((gemini.requests.at(-1) as { generationConfig: Record<string, unknown> }).generationConfig).toMatchObject({
      temperature: 0.2,
      thinkingConfig: { thinkingBudget: 1024 },
    });
  });

  it.each([
    ['grok', { XAI_MODEL: 'grok-beta' }, 'Grok no longer offers the model "grok-beta"'],
    ['gemini', { GEMINI_MODEL: 'gemini-2.5-flash' }, 'Gemini no longer offers the model "gemini-2.5-flash"'],
    ['openai', { OPENAI_MODEL: 'gpt-4.1-nano' }, 'OpenAI no longer offers the model "gpt-4.1-nano"'],
  ] as const)('%s: a retired model fails at once with a message naming it, not a retry loop', async (name, env, message) => {
    const retired = providersWith(env);
    await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: retired.get(name)! })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      transient: false,
      message: `${message}. Please contact support.`,
    });
    const checks = await checkModels(retired, 5_000);
    expect(checks.find((c) => c.provider === name)).toMatchObject({
      outcome: 'missing',
      message: expect.stringMatching(
        /^(OPENAI|XAI|GEMINI)_MODEL: the model ".+" is not in .+ model list; \w+ analyses will fail, or be answered by another model/,
      ),
    });
  });

  it('grok: a slug xAI retired on 2026-05-15 is still answered, by grok-4.3, and taken as before', async () => {
    const configured = providersWith({ XAI_MODEL: 'grok-4-fast-non-reasoning' });
    const result = await analyzeTranscript({ segments, durationSeconds: 300, provider: configured.get('grok')! });
    expect(result.topics.length).toBeGreaterThanOrEqual(2);
    expect(xai.chatRequests.at(-1)).toMatchObject({ model: 'grok-4-fast-non-reasoning', temperature: 0.2 });
    // The start-up check, which finds the name missing from the model list, does not say it fails.
    expect((await checkModels(configured, 5_000)).find((c) => c.provider === 'grok')).toMatchObject({
      outcome: 'missing',
      message: expect.stringContaining('grok analyses will fail, or be answered by another model at its price'),
    });
  });

  it('checks at start-up that every configured model exists, from each model list', async () => {
    const checks = await checkModels(providers, 5_000);
    expect(checks.map((c) => [c.provider, c.model, c.outcome])).toEqual([
      ['openai', 'gpt-6-luna', 'ok'],
      ['grok', 'grok-4.3', 'ok'],
      ['gemini', 'gemini-3.8-flash', 'ok'],
    ]);
    const unreachable = createProviders(
      parseEnv('test', analysisEnvSchema, {
        OPENAI_API_KEY: 'sk-x',
        OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
        PROVIDER_MAX_RETRIES: '0',
      }),
    );
    expect(await checkModels(unreachable, 2_000)).toEqual([
      expect.objectContaining({
        provider: 'openai',
        outcome: 'unknown',
        message: expect.stringMatching(/could not read the openai model list/),
      }),
    ]);
  });

  it('a model that stops at its output limit is not asked again: the chunk is split and each half analysed', async () => {
    for (const [name, fake] of [
      ['openai', openai],
      ['gemini', gemini],
    ] as const) {
      fake.script.then('cut-off');
      const before = name === 'openai' ? openai.calls.chat : gemini.calls.generate;
      const result = await analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get(name)! });
      expect((name === 'openai' ? openai.calls.chat : gemini.calls.generate) - before).toBe(3);
      expect(result.topics.at(-1)!.endTime).toBeGreaterThan(250);
      expect(result.topics[0]!.startTime).toBeLessThan(60);
    }
  });

  it('stop reasons: content filters are the content policy, RECITATION is asked again, OTHER is transient', async () => {
    openai.script.then('content-filter');
    await expect(analyzeTranscript({ segments, provider: providers.get('openai')! })).rejects.toMatchObject({
      code: 'CONTENT_POLICY',
      message: 'The AI provider refused this video under its content policy.',
      // No category the policy names: the toast shows the message, not 'content_filter'.
      categories: [],
    });
    gemini.script.then('content-filter');
    await expect(analyzeTranscript({ segments, provider: providers.get('gemini')! })).rejects.toMatchObject({
      code: 'CONTENT_POLICY',
      categories: ['dangerous_content'],
    });
    gemini.script.then('recitation');
    const before = gemini.calls.generate;
    await expect(analyzeTranscript({ segments, provider: providers.get('gemini')! })).resolves.toBeDefined();
    expect(gemini.calls.generate - before).toBe(2);
    const repair = (gemini.requests.at(-1) as { contents: { role: string; parts: { text: string }[] }[] }).contents;
    expect(repair.map((c) => c.role)).toEqual(['user', 'model', 'user']);
    expect(repair[2]!.parts[0]!.text).toMatch(/reciting the transcript/);
    gemini.script.then('other');
    await expect(analyzeTranscript({ segments, provider: providers.get('gemini')! })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      transient: true,
      message: 'Gemini stopped without an answer (OTHER). Please try again later.',
    });
    // A prompt blocked for a reason Gemini does not give is no content policy's verdict (it was
    // refused for good, 'other' its category): the same, to be tried again.
    gemini.script.then('blocked-other');
    await expect(analyzeTranscript({ segments, provider: providers.get('gemini')! })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      transient: true,
      message: 'Gemini stopped without an answer (prompt blocked: OTHER). Please try again later.',
    });
    // The same transcript stops the same way for its language: not worth another try.
    gemini.script.then('language');
    const asked = gemini.calls.generate;
    await expect(analyzeTranscript({ segments, provider: providers.get('gemini')! })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      transient: false,
      message: "Gemini does not support the language of this video's captions.",
    });
    expect(gemini.calls.generate - asked).toBe(1);
  });

  it.each(['openai', 'grok'] as const)(
    "%s: a prompt the provider refuses under its usage policy (OpenAI's 400 invalid_prompt, xAI's 403) is the content policy, asked once",
    async (name) => {
      const fake = name === 'openai' ? openai : xai;
      fake.script.then('usage-policy');
      const before = fake.calls.chat;
      await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get(name)! })).rejects.toMatchObject({
        code: 'CONTENT_POLICY',
        transient: false,
        message: 'The AI provider refused this video under its content policy.',
        categories: [],
      });
      expect(fake.calls.chat - before).toBe(1);
    },
  );

  it('gemini: an answer with no parts (STOP) is asked again, with no empty turn of its own, which Gemini refuses', async () => {
    gemini.script.then('empty');
    const before = gemini.calls.generate;
    const result = await analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('gemini')! });
    expect(result.topics.length).toBeGreaterThan(0);
    expect(gemini.calls.generate - before).toBe(2);
    const repair = (gemini.requests.at(-1) as { contents: { role: string; parts: { text: string }[] }[] }).contents;
    // No empty part, and turns that alternate (older models refused two of one role in a row).
    expect(repair.flatMap((turn) => turn.parts).every((part) => part.text !== '')).toBe(true);
    expect(repair.every((turn, i) => i === 0 || turn.role !== repair[i - 1]!.role)).toBe(true);
    expect(repair.at(-1)!.parts.at(-1)!.text).toMatch(/^Your previous answer was not valid: the answer was empty\./);
  });

  it.each(['openai', 'grok'] as const)(
    '%s: an empty answer is asked again with no empty assistant turn, which xAI refuses (400: no content element)',
    async (name) => {
      const fake = name === 'grok' ? xai : openai;
      fake.script.then('empty');
      const before = fake.calls.chat;
      const result = await analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get(name)! });
      expect(result.topics.length).toBeGreaterThan(0);
      expect(fake.calls.chat - before).toBe(2);
      const messages = (fake.chatRequests.at(-1) as { messages: { role: string; content: string }[] }).messages;
      expect(messages.at(-1)!.content).toMatch(/^Your previous answer was not valid: the answer was empty\./);
    },
  );

  it('gemini: a per-minute 429 is tried again after the wait its RetryInfo asks for, unless that wait is past PROVIDER_TIMEOUT_MS', async () => {
    // It asks for 2.5 s, longer than the SDK's own backoff (1-2 s) would wait.
    gemini.script.then('rate-limit');
    let before = gemini.calls.generate;
    const started = performance.now();
    await expect(
      analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('gemini')! }),
    ).resolves.toBeDefined();
    expect(performance.now() - started).toBeGreaterThanOrEqual(2_400);
    expect(gemini.calls.generate - before).toBe(2);

    // 30 s asked, 5 s allowed: it fails at once as too many requests, for the job to be retried
    // later, once the 30 s are over.
    gemini.script.then('rate-limit-wait');
    before = gemini.calls.generate;
    await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('gemini')! })).rejects.toMatchObject(
      {
        code: 'PROVIDER_ERROR',
        transient: true,
        message: 'Gemini is receiving too many requests. Please try again later.',
        retryAfterMs: 30_000,
      },
    );
    expect(gemini.calls.generate - before).toBe(1);

    // No retry left: the same.
    gemini.script.then('rate-limit');
    before = gemini.calls.generate;
    const once = providersWith({ PROVIDER_MAX_RETRIES: '0' });
    await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: once.get('gemini')! })).rejects.toMatchObject({
      transient: true,
      message: 'Gemini is receiving too many requests. Please try again later.',
    });
    expect(gemini.calls.generate - before).toBe(1);

    // A daily quota used up, or the billing account's monthly spending cap, is not waited for at all.
    for (const usedUp of ['insufficient-quota', 'spend-cap'] as const) {
      gemini.script.then(usedUp);
      before = gemini.calls.generate;
      await expect(
        analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('gemini')! }),
      ).rejects.toMatchObject({
        transient: false,
        message: "Gemini refused the request: our account's quota is used up. Please contact support.",
      });
      expect(gemini.calls.generate - before).toBe(1);
    }
  });

  it("gemini: a thinking model's thought parts are not taken for the answer", async () => {
    gemini.script.then('thoughts');
    const before = gemini.calls.generate;
    const result = await analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('gemini')! });
    expect(result.topics.length).toBeGreaterThan(0);
    // Taken at the first answer: thoughts read as the answer would fail it, and a repair be asked.
    expect(gemini.calls.generate - before).toBe(1);
  });

  it('replaces invented quotes, drops unfounded ones and clamps times out of the video', async () => {
    openai.script.then('inventive');
    const result = await analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('openai')! });
    const quotes = result.topics.flatMap((t) => t.quotes.map((q) => q.content));
    expect(quotes.join(' ')).not.toContain('never said by anyone');
    for (const quote of quotes) expect(transcriptText).toContain(quote);
    expect(result.topics[0]!.startTime).toBe(0);
    expect(result.topics.at(-1)!.endTime).toBeLessThanOrEqual(segments.at(-1)!.end);
  });

  it('repairs one invalid answer, showing the model its answer, and gives up after two', async () => {
    openai.script.then('invalid-json');
    const before = openai.calls.chat;
    await expect(
      analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('openai')! }),
    ).resolves.toBeDefined();
    expect(openai.calls.chat - before).toBe(2);
    const messages = (openai.chatRequests.at(-1) as { messages: { role: string; content: string }[] }).messages;
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[2]!.content).toBe('Sure! Here are the topics: {"topics": [');
    expect(messages[3]!.content).toMatch(/^Your previous answer was not valid: the answer was not valid JSON/);

    gemini.script.then('invalid-json', 'invalid-json');
    await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('gemini')! })).rejects.toMatchObject(
      {
        code: 'INVALID_OUTPUT',
        transient: false,
      },
    );
  });

  it.each(['openai', 'grok', 'gemini'] as const)(
    '%s: an answer with no topic, or topics without a quote, is asked again once (a second such answer is taken)',
    async (name) => {
      const fake = name === 'openai' ? openai : name === 'grok' ? xai : gemini;
      const calls = () => ('chat' in fake.calls ? fake.calls.chat : fake.calls.generate);
      for (const behaviour of ['no-topics', 'no-quotes'] as const) {
        fake.script.then(behaviour);
        const before = calls();
        const result = await analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get(name)! });
        expect(calls() - before).toBe(2);
        expect(result.topics.length).toBeGreaterThanOrEqual(2);
      }
      // Twice: these lines hold nothing to quote, as the model reads them (music, silence).
      fake.script.then('no-topics', 'no-topics');
      const before = calls();
      const result = await analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get(name)! });
      expect(calls() - before).toBe(2);
      expect(result.topics).toEqual([]);
    },
  );

  it('keeps an answer quoting nothing when the answer asked again is not usable: no topics, not a failed analysis', async () => {
    // A song's lines: nothing to quote, as the model reads them. Asked again to quote them, Gemini
    // stops for reciting its input, another model answers what is not JSON: the first answer stands
    // ('No topics were found'), where the analysis failed for good with 'invalid output twice'.
    for (const [name, fake, second] of [
      ['gemini', gemini, 'recitation'],
      ['openai', openai, 'invalid-json'],
    ] as const) {
      const calls = () => ('chat' in fake.calls ? fake.calls.chat : fake.calls.generate);
      fake.script.then('no-topics', second);
      const before = calls();
      const result = await analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get(name)! });
      expect(calls() - before).toBe(2);
      expect(result.topics).toEqual([]);
    }
  });

  it('retries a 429 and succeeds', async () => {
    openai.script.then('rate-limit');
    const before = openai.calls.chat;
    await expect(
      analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('openai')! }),
    ).resolves.toBeDefined();
    expect(openai.calls.chat - before).toBe(2);
  });

  it('reports persistent 429s and 500s as transient provider errors', async () => {
    openai.script.then('rate-limit', 'rate-limit', 'rate-limit');
    await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('openai')! })).rejects.toMatchObject(
      {
        code: 'PROVIDER_ERROR',
        message: 'OpenAI is receiving too many requests. Please try again later.',
        transient: true,
      },
    );
    const once = providersWith({ PROVIDER_MAX_RETRIES: '0' });
    gemini.script.then('server-error');
    await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: once.get('gemini')! })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: 'Gemini is unavailable right now (HTTP 500). Please try again later.',
      transient: true,
    });
  });

  it.each([
    ['openai', { OPENAI_API_KEY: 'sk-revoked-key' }, 'OpenAI refused the request (HTTP 401)'],
    ['grok', { XAI_API_KEY: 'xai-revoked-key' }, 'Grok refused the request (HTTP 400)'],
    ['gemini', { GEMINI_API_KEY: 'AIza-revoked-key' }, 'Gemini refused the request (HTTP 400)'],
  ] as const)('%s: a key the service does not take is permanent, asked once, and says so', async (name, key, said) => {
    const revoked = providersWith(key);
    const calls = () => (name === 'gemini' ? gemini : name === 'grok' ? xai : openai).calls.refused;
    const before = calls();
    const error = await analyzeTranscript({ segments, durationSeconds: 300, provider: revoked.get(name)! }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      code: 'PROVIDER_ERROR',
      transient: false,
      message: `${said}. Please contact support if this persists.`,
    });
    // Neither the key nor its masked form reaches what a member reads.
    expect(String((error as Error).message)).not.toMatch(/revoked|\*\*\*/);
    expect(calls() - before).toBe(1);
  });

  it('gemini: retries a 500 inside the SDK as PROVIDER_MAX_RETRIES says', async () => {
    const patient = providersWith({ PROVIDER_MAX_RETRIES: '1' });
    gemini.script.then('server-error');
    const before = gemini.calls.generate;
    await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: patient.get('gemini')! })).resolves.toBeDefined();
    expect(gemini.calls.generate - before).toBe(2);
  });

  it.each([
    ['openai', "OpenAI refused the request: our account's quota is used up. Please contact support."],
    ['grok', "Grok refused the request: our account's quota is used up. Please contact support."],
  ] as const)("%s: a used-up quota (OpenAI's 429, xAI's 403) is permanent, with its own message", async (name, message) => {
    // OpenAI's SDK retries a 429 (as PROVIDER_MAX_RETRIES says), but not one whose body says the quota
    // is used up: it is told not to (x-should-retry), as it never retries xAI's 403.
    const fake = name === 'openai' ? openai : xai;
    const calls = 1;
    fake.script.then('insufficient-quota');
    const before = fake.calls.chat;
    await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get(name)! })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      transient: false,
      message,
    });
    expect(fake.calls.chat - before).toBe(calls);
  });

  it.each([
    ['openai', 'OpenAI'],
    ['grok', 'Grok'],
    ['gemini', 'Gemini'],
  ] as const)('%s: a call that hangs times out after PROVIDER_TIMEOUT_MS, as a transient error', async (name, label) => {
    const impatient = createProviders(
      parseEnv('test', analysisEnvSchema, {
        ...fakeProviderEnv(openai, gemini, xai),
        PROVIDER_TIMEOUT_MS: '300',
        PROVIDER_MAX_RETRIES: '0',
      }),
    );
    (name === 'gemini' ? gemini : name === 'grok' ? xai : openai).script.then('hang');
    const started = performance.now();
    await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: impatient.get(name)! })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: `${label} did not answer within 300 ms. Please try again later.`,
      transient: true,
    });
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('openai: a 429 asking to wait 30 s is not waited for past PROVIDER_TIMEOUT_MS (the SDK sleeps through our abort), and is reported as too many requests', async () => {
    const impatient = createProviders(
      parseEnv('test', analysisEnvSchema, { ...fakeProviderEnv(openai, gemini, xai), PROVIDER_TIMEOUT_MS: '300' }),
    );
    // (3 s, not 300 ms, to the 429: on a loaded machine 300 ms ran out before it came, a time-out.)
    const limited = createProviders(
      parseEnv('test', analysisEnvSchema, { ...fakeProviderEnv(openai, gemini, xai), PROVIDER_TIMEOUT_MS: '3000' }),
    );
    openai.script.then('rate-limit-wait');
    // Without the limit the SDK would wait out the 30 s, past this test's own time limit. The job's
    // next attempt waits them (its Retry-After).
    await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: limited.get('openai')! })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      transient: true,
      message: 'OpenAI is receiving too many requests. Please try again later.',
      retryAfterMs: 30_000,
    });
    // A call that simply hangs is still a time-out, also when it is the SDK's retry after a 429.
    const patient = createProviders(
      parseEnv('test', analysisEnvSchema, { ...fakeProviderEnv(openai, gemini, xai), PROVIDER_TIMEOUT_MS: '2000' }),
    );
    openai.script.then('rate-limit').then('hang');
    await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: patient.get('openai')! })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: 'OpenAI did not answer within 2 s. Please try again later.',
    });
    openai.script.then('hang');
    await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: impatient.get('openai')! })).rejects.toMatchObject(
      { code: 'PROVIDER_ERROR', transient: true, message: 'OpenAI did not answer within 300 ms. Please try again later.' },
    );
  }, 20_000);

  it('openai: OpenAI moderation, mapped onto our narrow policy, refuses before any analysis; news of violence passes', async () => {
    const flagged = [...segments.slice(0, 10), { text: `and then ${openai.flagWord} happened`, start: 400, end: 405 }];
    const before = openai.calls.chat;
    await expect(analyzeTranscript({ segments: flagged, provider: providers.get('openai')! })).rejects.toMatchObject({
      code: 'CONTENT_POLICY',
      categories: ['violence/instructions'],
    });
    expect(openai.calls.chat).toBe(before);
    const news = [...segments.slice(0, 10), { text: `the report said ${openai.newsWord} in the war`, start: 400, end: 405 }];
    await expect(analyzeTranscript({ segments: news, provider: providers.get('openai')! })).resolves.toBeDefined();
  });

  it("openai: a 2-hour transcript is moderated in requests under a low tier's tokens per minute", async () => {
    const long = sampleTranscript(7200);
    const before = openai.moderationTokens.length;
    await expect(moderationOnly(providers.get('openai')!, long)).resolves.toEqual({ flagged: false, categories: [] });
    const sent = openai.moderationTokens.slice(before);
    expect(sent.length).toBeGreaterThan(1);
    expect(Math.max(...sent)).toBeLessThanOrEqual(10_000);
    expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThan(20_000);
  });

  it('gemini: a blocked prompt is a CONTENT_POLICY error with its categories', async () => {
    gemini.script.then('blocked');
    await expect(analyzeTranscript({ segments, provider: providers.get('gemini')! })).rejects.toMatchObject({
      code: 'CONTENT_POLICY',
      categories: ['dangerous_content'],
    });
  });

  it('local and grok: the documented lexicon is the content policy', async () => {
    const flagged = [{ text: 'this is how to make a pipe bomb at home', start: 0, end: 5 }, ...segments];
    for (const name of ['local', 'grok'] as const) {
      await expect(analyzeTranscript({ segments: flagged, provider: providers.get(name)! })).rejects.toMatchObject({
        code: 'CONTENT_POLICY',
        categories: ['violence/instructions'],
      });
    }
  });

  it('gemini: a 2-hour transcript is two chunks, the last minutes folded into the second, not a scrap of their own', async () => {
    const long = sampleTranscript(7200);
    const result = await analyzeTranscript({ segments: long, durationSeconds: 7200, provider: providers.get('gemini')! });
    expect(result.chunks).toBe(2);
    expect(result.topics.at(-1)!.endTime).toBeGreaterThan(7000);
  });

  it('splits a 2-hour transcript into overlapping chunks analysed in parallel, merged without overlaps', async () => {
    const long = sampleTranscript(7200);
    const before = openai.calls.chat;
    const result = await analyzeTranscript({ segments: long, durationSeconds: 7200, provider: providers.get('openai')! });
    expect(result.chunks).toBe(7);
    expect(openai.calls.chat - before).toBe(7);
    for (let i = 1; i < result.topics.length; i++) {
      expect(result.topics[i]!.startTime).toBeGreaterThanOrEqual(result.topics[i - 1]!.startTime);
    }
    const starts = result.topics.map((t) => Math.round(t.startTime));
    expect(new Set(starts).size).toBe(starts.length);
    for (let i = 1; i < result.topics.length; i++) {
      expect(result.topics[i]!.startTime).toBeGreaterThanOrEqual(result.topics[i - 1]!.endTime);
    }
  });

  it.each(['openai', 'gemini'] as const)(
    "%s: a subject that runs across a chunk's edge is one topic, not two named alike",
    async (name) => {
      // Two hours of eight subjects, 15 minutes each, that the model tells apart as a person would:
      // OpenAI's 20-minute chunks cut five of them; Gemini's two hours meet where one subject ends.
      const subjects = ['Pricing', 'Hiring', 'Growth', 'Funding', 'Culture', 'Product', 'Markets', 'Leadership'];
      const lines: TranscriptSegment[] = [];
      for (let start = 0; start < 7200; start += 6) {
        const subject = subjects[Math.floor(start / 900)]!;
        lines.push({
          text: `${subject}: what we learned about ${subject.toLowerCase()} in line ${start / 6}.`,
          start,
          end: start + 5.5,
        });
      }
      script(name).always('subjects');
      try {
        const result = await analyzeTranscript({ segments: lines, durationSeconds: 7200, provider: providers.get(name)! });
        expect(result.chunks).toBe(name === 'openai' ? 6 : 2);
        expect(result.topics.map(({ title, startTime }) => [title, startTime])).toEqual(
          subjects.map((subject, k) => [`${subject} explained`, k * 900]),
        );
      } finally {
        script(name).always('ok');
      }
    },
  );

  it('falls back to the default provider when the chosen one has no key', () => {
    const onlyLocal = createProviders(parseEnv('test', analysisEnvSchema, {}));
    expect(pickProvider(onlyLocal, 'openai', 'local').name).toBe('local');
    expect(pickProvider(providers, 'gemini', 'local').name).toBe('gemini');
    expect(pickProvider(providers, null, 'openai').name).toBe('openai');
  });
});
