import { analysisEnvSchema, parseEnv } from '@findclips/config';
import {
  fakeProviderEnv,
  sampleTranscript,
  startFakeGemini,
  startFakeOpenAi,
  type FakeGemini,
  type FakeOpenAi,
} from '@findclips/testing';
import { analyzeTranscript } from '../pipeline';
import { createProviders, pickProvider } from './registry';

const segments = sampleTranscript(300);
const transcriptText = segments.map((s) => s.text).join(' ');

describe('AI providers through their real SDKs, against fakes', () => {
  let openai: FakeOpenAi;
  let gemini: FakeGemini;
  let providers: ReturnType<typeof createProviders>;

  beforeAll(async () => {
    openai = await startFakeOpenAi();
    gemini = await startFakeGemini();
    const env = parseEnv('test', analysisEnvSchema, {
      ...fakeProviderEnv(openai, gemini),
      PROVIDER_TIMEOUT_MS: '5000',
    });
    providers = createProviders(env);
  });
  afterAll(async () => {
    await openai.close();
    await gemini.close();
  });

  it.each(['openai', 'grok', 'gemini'] as const)(
    '%s: grounded topics whose quotes are verbatim transcript text',
    async (name) => {
      const result = await analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get(name)! });
      expect(result).toMatchObject({ provider: name, chunks: 1 });
      expect(result.topics.length).toBeGreaterThanOrEqual(2);
      for (const topic of result.topics) for (const quote of topic.quotes) expect(transcriptText).toContain(quote.content);
    },
  );

  it('openai: asks for structured output with our JSON schema and the transcript as timed lines', async () => {
    await analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('openai')! });
    const request = openai.chatRequests.at(-1) as {
      response_format: { type: string; json_schema: { strict: boolean } };
      messages: { content: string }[];
    };
    expect(request.response_format.type).toBe('json_schema');
    expect(request.response_format.json_schema.strict).toBe(true);
    expect(request.messages[1]!.content).toMatch(/^\[0\.0-\d+\.\d\] Let's talk about sleep/m);
  });

  it('gemini: asks for JSON with responseJsonSchema', async () => {
    await analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('gemini')! });
    const request = gemini.requests.at(-1) as { generationConfig: { responseMimeType: string; responseJsonSchema: object } };
    expect(request.generationConfig.responseMimeType).toBe('application/json');
    expect(request.generationConfig.responseJsonSchema).toHaveProperty('properties.topics');
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

  it('repairs one invalid answer, and gives up after two', async () => {
    openai.script.then('invalid-json');
    const before = openai.calls.chat;
    await expect(
      analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('openai')! }),
    ).resolves.toBeDefined();
    expect(openai.calls.chat - before).toBe(2);

    gemini.script.then('invalid-json', 'invalid-json');
    await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('gemini')! })).rejects.toMatchObject(
      {
        code: 'INVALID_OUTPUT',
        transient: false,
      },
    );
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
    gemini.script.then('server-error');
    await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: providers.get('gemini')! })).rejects.toMatchObject(
      {
        code: 'PROVIDER_ERROR',
        message: 'Gemini is unavailable right now (HTTP 500). Please try again later.',
        transient: true,
      },
    );
  });

  it.each([
    ['openai', 'OpenAI'],
    ['grok', 'Grok'],
    ['gemini', 'Gemini'],
  ] as const)('%s: a call that hangs times out after PROVIDER_TIMEOUT_MS, as a transient error', async (name, label) => {
    const impatient = createProviders(
      parseEnv('test', analysisEnvSchema, {
        ...fakeProviderEnv(openai, gemini),
        PROVIDER_TIMEOUT_MS: '300',
        PROVIDER_MAX_RETRIES: '0',
      }),
    );
    (name === 'gemini' ? gemini : openai).script.then('hang');
    const started = performance.now();
    await expect(analyzeTranscript({ segments, durationSeconds: 300, provider: impatient.get(name)! })).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: `${label} did not answer within 300 ms. Please try again later.`,
      transient: true,
    });
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('openai: OpenAI moderation flags the transcript before any analysis (CONTENT_POLICY)', async () => {
    const flagged = [...segments.slice(0, 10), { text: `and then ${openai.flagWord} happened`, start: 400, end: 405 }];
    const before = openai.calls.chat;
    await expect(analyzeTranscript({ segments: flagged, provider: providers.get('openai')! })).rejects.toMatchObject({
      code: 'CONTENT_POLICY',
      categories: ['violence'],
    });
    expect(openai.calls.chat).toBe(before);
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
  });

  it('falls back to the default provider when the chosen one has no key', () => {
    const onlyLocal = createProviders(parseEnv('test', analysisEnvSchema, {}));
    expect(pickProvider(onlyLocal, 'openai', 'local').name).toBe('local');
    expect(pickProvider(providers, 'gemini', 'local').name).toBe('gemini');
    expect(pickProvider(providers, null, 'openai').name).toBe('openai');
  });
});
