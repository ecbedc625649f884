import { ConfigError, parseEnv } from './env';
import { DEV_SESSION_SECRET } from './session';
import { gatewayEnvSchema, gatewayEnvWarnings } from './gateway';
import { realtimeEnvSchema } from './realtime';
import { workerEnvSchema } from './worker';

describe('gateway environment', () => {
  it('has working defaults for local development', () => {
    const env = parseEnv('gateway', gatewayEnvSchema, {});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/findclips',
      REDIS_URL: 'redis://127.0.0.1:6379',
      TRUST_PROXY: false,
      ALLOWED_ORIGINS: [],
      GOOGLE_CALLBACK_URL: '/auth/google/callback',
    });
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(env.GOOGLE_CLIENT_ID).toBeUndefined();
  });

  it('takes an empty value for unset: the default, whatever its kind', () => {
    const empty = {
      PORT: '',
      DATABASE_URL: '',
      REDIS_KEY_PREFIX: ' ',
      SESSION_MAX_AGE_DAYS: '',
      GOOGLE_CALLBACK_URL: '',
      TRUST_PROXY: '',
    };
    expect(parseEnv('gateway', gatewayEnvSchema, empty)).toMatchObject({
      PORT: 3000,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/findclips',
      REDIS_KEY_PREFIX: 'fc:',
      SESSION_MAX_AGE_DAYS: 14,
      GOOGLE_CALLBACK_URL: '/auth/google/callback',
      TRUST_PROXY: false,
    });
    expect(
      parseEnv('worker', workerEnvSchema, { WORKER_METRICS_PORT: '', WORKER_CONCURRENCY: '', OPENAI_MODEL: '' }),
    ).toMatchObject({
      WORKER_METRICS_PORT: 9464,
      WORKER_CONCURRENCY: 4,
      OPENAI_MODEL: 'gpt-6-luna',
    });
    expect(parseEnv('realtime', realtimeEnvSchema, { REALTIME_PORT: '', REALTIME_MAX_ROOMS: '' })).toMatchObject({
      REALTIME_PORT: 3001,
      REALTIME_MAX_ROOMS: 10,
    });
  });

  it('lists every problem at once, by variable', () => {
    let caught: unknown;
    try {
      parseEnv('gateway', gatewayEnvSchema, { PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^DATABASE_URL: must be a URL starting with postgres:\/\/ or postgresql:\/\//m);
    expect(problems).toMatch(/^LOG_LEVEL: /m);
    expect((caught as ConfigError).message).toMatch(/^gateway: invalid environment\n {2}- /);
  });

  it('lists the other problems beside a number that is not whole (PORT=1.5, WORKER_CONCURRENCY=2.5)', () => {
    const problems = (service: string, run: () => unknown) => {
      try {
        run();
      } catch (error) {
        if (error instanceof ConfigError) return [...error.problems].sort();
      }
      throw new Error(`${service}: no ConfigError`);
    };
    expect(
      problems('gateway', () =>
        parseEnv('gateway', gatewayEnvSchema, { PORT: '1.5', NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id' }),
      ),
    ).toEqual([
      'GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set',
      'METRICS_TOKEN: required in production (GET /metrics is served on the public port)',
      'PORT: must be a whole number',
      'PUBLIC_URL: required in production (share links are built on it)',
      'SESSION_SECRET: required in production',
    ]);
    expect(
      problems('worker', () =>
        parseEnv('worker', workerEnvSchema, { WORKER_CONCURRENCY: '2.5', ANALYSIS_DEFAULT_PROVIDER: 'openai' }),
      ),
    ).toEqual([
      'ANALYSIS_DEFAULT_PROVIDER: openai needs OPENAI_API_KEY set (or choose local)',
      'WORKER_CONCURRENCY: must be a whole number',
    ]);
  });

  it('refuses a YOUTUBE_PROXY_URL or GEMINI_BASE_URL that is not a URL, naming the variable', () => {
    expect(() => parseEnv('gateway', gatewayEnvSchema, { YOUTUBE_PROXY_URL: 'proxy.internal:3128' })).toThrow(
      /^ {2}- YOUTUBE_PROXY_URL: /m,
    );
    expect(() => parseEnv('worker', workerEnvSchema, { YOUTUBE_PROXY_URL: 'socks5://proxy:1080' })).toThrow(
      /^ {2}- YOUTUBE_PROXY_URL: /m,
    );
    expect(() => parseEnv('worker', workerEnvSchema, { GEMINI_BASE_URL: 'generativelanguage.googleapis.com' })).toThrow(
      /^ {2}- GEMINI_BASE_URL: /m,
    );
    expect(parseEnv('worker', workerEnvSchema, { YOUTUBE_PROXY_URL: 'http://proxy.internal:3128' }).YOUTUBE_PROXY_URL).toBe(
      'http://proxy.internal:3128',
    );
    expect(parseEnv('worker', workerEnvSchema, { GEMINI_BASE_URL: 'http://127.0.0.1:9' }).GEMINI_BASE_URL).toBe(
      'http://127.0.0.1:9',
    );
  });

  it('refuses port 0 for the gateway and a realtime instance: links and the forwarding are built on the port', () => {
    expect(() => parseEnv('gateway', gatewayEnvSchema, { PORT: '0' })).toThrow(/PORT: /);
    expect(() => parseEnv('realtime', realtimeEnvSchema, { REALTIME_PORT: '0' })).toThrow(/REALTIME_PORT: /);
    expect(parseEnv('worker', workerEnvSchema, { WORKER_METRICS_PORT: '0' }).WORKER_METRICS_PORT).toBe(0);
  });

  it('requires SESSION_SECRET in production, of at least 32 characters', () => {
    expect(() => parseEnv('gateway', gatewayEnvSchema, { NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET: required in production/,
    );
    expect(() => parseEnv('gateway', gatewayEnvSchema, { NODE_ENV: 'production', SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
    for (const [name, schema] of [
      ['gateway', gatewayEnvSchema],
      ['realtime', realtimeEnvSchema],
    ] as const) {
      expect(() =>
        parseEnv(name, schema, { NODE_ENV: 'production', SESSION_SECRET: DEV_SESSION_SECRET, METRICS_TOKEN: 'm' }),
      ).toThrow(/SESSION_SECRET: is the published development secret/);
    }
    const secret = 'x'.repeat(40);
    expect(
      parseEnv('gateway', gatewayEnvSchema, {
        NODE_ENV: 'production',
        SESSION_SECRET: secret,
        METRICS_TOKEN: 'm',
        PUBLIC_URL: 'https://clips.example.com',
      }).SESSION_SECRET,
    ).toBe(secret);
  });

  it('builds links on PUBLIC_URL: required in production, http://localhost:{PORT} elsewhere', () => {
    expect(() => parseEnv('gateway', gatewayEnvSchema, { NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required in production/);
    expect(() => parseEnv('gateway', gatewayEnvSchema, { PUBLIC_URL: 'clips.example.com' })).toThrow(/PUBLIC_URL: must be a URL/);
    expect(parseEnv('gateway', gatewayEnvSchema, { PUBLIC_URL: 'https://clips.example.com/' }).PUBLIC_URL).toBe(
      'https://clips.example.com',
    );
    expect(parseEnv('gateway', gatewayEnvSchema, { PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('warns at start-up of a public https origin without TRUST_PROXY, and only then', () => {
    const warnings = (env: Record<string, string>) => gatewayEnvWarnings(parseEnv('gateway', gatewayEnvSchema, env));
    expect(warnings({ PUBLIC_URL: 'https://clips.example.com' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL is https but TRUST_PROXY is off/),
    ]);
    expect(warnings({ PUBLIC_URL: 'https://clips.example.com', TRUST_PROXY: '1' })).toEqual([]);
    expect(warnings({ PUBLIC_URL: 'https://clips.example.com', TRUST_PROXY: 'loopback, 10.0.0.0/8' })).toEqual([]);
    expect(warnings({ PUBLIC_URL: 'http://localhost:3000' })).toEqual([]);
  });

  it('warns at start-up of TRUST_PROXY=true, which lets any client choose its address in X-Forwarded-For', () => {
    const warnings = (env: Record<string, string>) => gatewayEnvWarnings(parseEnv('gateway', gatewayEnvSchema, env));
    for (const PUBLIC_URL of ['https://clips.example.com', 'http://localhost:3000']) {
      expect(warnings({ PUBLIC_URL, TRUST_PROXY: 'true' })).toEqual([
        expect.stringMatching(/^TRUST_PROXY is true: every hop is trusted/),
      ]);
    }
  });

  it('requires METRICS_TOKEN in production where /metrics is on the public port (gateway, realtime), not on the worker', () => {
    const secret = 'x'.repeat(40);
    for (const [name, schema] of [
      ['gateway', gatewayEnvSchema],
      ['realtime', realtimeEnvSchema],
    ] as const) {
      expect(() => parseEnv(name, schema, { NODE_ENV: 'production', SESSION_SECRET: secret })).toThrow(
        /METRICS_TOKEN: required in production/,
      );
    }
    expect(parseEnv('worker', workerEnvSchema, { NODE_ENV: 'production' }).METRICS_TOKEN).toBeUndefined();
  });

  it('requires the Google secret only when Google sign-in is configured; empty means unset', () => {
    expect(() => parseEnv('gateway', gatewayEnvSchema, { GOOGLE_CLIENT_ID: 'id' })).toThrow(
      /GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set/,
    );
    expect(
      parseEnv('gateway', gatewayEnvSchema, { GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' }).GOOGLE_CLIENT_ID,
    ).toBeUndefined();
  });

  it.each([
    ['false', false],
    ['', false],
    ['true', true],
    ['1', 1],
    ['loopback, 10.0.0.0/8', 'loopback, 10.0.0.0/8'],
  ])('reads TRUST_PROXY=%p as %p', (value, expected) => {
    expect(parseEnv('gateway', gatewayEnvSchema, { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('splits ALLOWED_ORIGINS on commas, as origins, and names one that is not', () => {
    expect(
      parseEnv('gateway', gatewayEnvSchema, { ALLOWED_ORIGINS: ' http://a.test ,, http://b.test/' }).ALLOWED_ORIGINS,
    ).toEqual(['http://a.test', 'http://b.test']);
    for (const schema of [gatewayEnvSchema, realtimeEnvSchema]) {
      expect(() => parseEnv('x', schema, { ALLOWED_ORIGINS: 'http://a.test,foo' })).toThrow(
        /ALLOWED_ORIGINS: "foo" must be a URL starting with http:\/\/ or https:\/\//,
      );
    }
  });

  it('reads TRUST_PROXY as Express does, and refuses at once what Express would fail on at start-up', () => {
    const trust = (value: string) => parseEnv('gateway', gatewayEnvSchema, { TRUST_PROXY: value }).TRUST_PROXY;
    expect([trust('false'), trust('true'), trust('2'), trust('loopback, 10.0.0.0/8')]).toEqual([
      false,
      true,
      2,
      'loopback, 10.0.0.0/8',
    ]);
    expect(() => trust('maybe')).toThrow(/TRUST_PROXY: must be true, false, a hop count, or addresses and subnets/);
  });

  it('reads REALTIME_URL as one or more instances, and names a bad one', () => {
    expect(parseEnv('gateway', gatewayEnvSchema, {}).REALTIME_URL).toEqual(['http://127.0.0.1:3001']);
    // Unset, it is where `npm start` runs the realtime service: REALTIME_PORT.
    expect(parseEnv('gateway', gatewayEnvSchema, { REALTIME_PORT: '3621' }).REALTIME_URL).toEqual(['http://127.0.0.1:3621']);
    expect(() => parseEnv('gateway', gatewayEnvSchema, { REALTIME_PORT: 'tcp://10.0.0.7:3001' })).toThrow(
      /REALTIME_PORT: must be a whole number from 1 to 65535 \(or set REALTIME_URL\)/,
    );
    // With REALTIME_URL set it is not read (Kubernetes writes a Service's address there).
    expect(
      parseEnv('gateway', gatewayEnvSchema, { REALTIME_URL: 'http://rt:3001', REALTIME_PORT: 'tcp://10.0.0.7:3001' })
        .REALTIME_URL,
    ).toEqual(['http://rt:3001']);
    expect(parseEnv('gateway', gatewayEnvSchema, { REALTIME_URL: 'http://rt-1:3001, http://rt-2:3001' }).REALTIME_URL).toEqual([
      'http://rt-1:3001',
      'http://rt-2:3001',
    ]);
    expect(() => parseEnv('gateway', gatewayEnvSchema, { REALTIME_URL: 'http://rt-1:3001,rt-2:3001' })).toThrow(
      /REALTIME_URL: "rt-2:3001" must be a URL starting with http:\/\/ or https:\/\//,
    );
  });
});

describe('worker environment', () => {
  it('refuses a model name longer than the 100 characters stored with each analysis', () => {
    expect(() => parseEnv('worker', workerEnvSchema, { GEMINI_MODEL: 'g'.repeat(101) })).toThrow(
      /GEMINI_MODEL: must be at most 100 characters/,
    );
    expect(parseEnv('worker', workerEnvSchema, { OPENAI_MODEL: 'o'.repeat(100) }).OPENAI_MODEL).toHaveLength(100);
  });

  it('refuses a default provider without its key: every guest analysis would fail', () => {
    expect(() => parseEnv('worker', workerEnvSchema, { ANALYSIS_DEFAULT_PROVIDER: 'openai' })).toThrow(
      /ANALYSIS_DEFAULT_PROVIDER: openai needs OPENAI_API_KEY set \(or choose local\)/,
    );
    expect(
      parseEnv('worker', workerEnvSchema, { ANALYSIS_DEFAULT_PROVIDER: 'gemini', GEMINI_API_KEY: 'k' }).ANALYSIS_DEFAULT_PROVIDER,
    ).toBe('gemini');
    expect(parseEnv('worker', workerEnvSchema, {}).ANALYSIS_DEFAULT_PROVIDER).toBe('local');
    // Listed with the other problems, not only once they are fixed.
    expect(() => parseEnv('worker', workerEnvSchema, { WORKER_CONCURRENCY: 'abc', ANALYSIS_DEFAULT_PROVIDER: 'gemini' })).toThrow(
      /WORKER_CONCURRENCY[\s\S]*ANALYSIS_DEFAULT_PROVIDER: gemini needs GEMINI_API_KEY|ANALYSIS_DEFAULT_PROVIDER: gemini needs GEMINI_API_KEY[\s\S]*WORKER_CONCURRENCY/,
    );
  });
});
