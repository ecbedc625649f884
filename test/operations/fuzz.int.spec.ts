import { randomUUID } from 'node:crypto';
import { analysisEvent, publishAnalysisEvent } from '@findclips/queue';
import { createLogger, createRedisClient } from '@findclips/runtime';
import { startFakeYoutube, strongPassword, uniqueEmail, type FakeYoutube } from '@findclips/testing';
import fc from 'fast-check';
import { declaredRoutes } from '../../services/gateway/src/http/allowed-methods';
import { startTestGateway, type TestGateway } from '../../services/gateway/src/test/harness';
import { client, nextOf, startTestRealtime, type TestRealtime } from '../../services/realtime/src/test/harness';

/** A fixed seed: a failure is reproduced by the same run. */
const SEED = 20261122;
const RUNS_PER_ROUTE = 40;

/** Strings that have broken servers before. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  'a'.repeat(20_000),
  '\u0000',
  '\uD800',
  '😀'.repeat(200),
  '../../../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '%',
  '%00',
  '%E0%A4%A',
  '${jndi:ldap://127.0.0.1/a}',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e400',
  '[]',
  '{}',
];

/** Field names our request schemas read: wrongly typed values go into these. */
const FIELDS = [
  'email',
  'password',
  'currentPassword',
  'newPassword',
  'firstName',
  'lastName',
  'name',
  'aiProvider',
  'videoId',
  'forceReanalyze',
  'shareId',
  'topics',
  'analyzedTopics',
  'sharedTopics',
  'title',
  'quotes',
  'startTime',
  'endTime',
  'transactionId',
  'leaveOthers',
  '__proto__',
  'constructor',
];

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'grapheme', maxLength: 300 }));
const wronglyTyped = fc.oneof(
  fc.anything({ maxDepth: 3, maxKeys: 6, withNullPrototype: true, withBigInt: false }),
  hostileString,
  fc.double(),
  fc.array(hostileString, { maxLength: 5 }),
);
/** Socket payloads stay under the 16 kB a frame may carry (a bigger one closes that socket, tested apart). */
const socketPayload = fc.oneof(
  fc.anything({ maxDepth: 3, maxKeys: 6, withNullPrototype: true, withBigInt: false }),
  fc.record(
    { videoId: wronglyTypedSmall(), leaveOthers: wronglyTypedSmall(), transactionId: wronglyTypedSmall() },
    { requiredKeys: [] },
  ),
);
function wronglyTypedSmall() {
  return fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS.filter((h) => h.length < 1_000)),
    fc.anything({ maxDepth: 2 }),
    fc.string({ maxLength: 20 }),
  );
}
const jsonBody = fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), wronglyTyped, { maxKeys: 6 }), fc.jsonValue({ maxDepth: 4 }));

/** Bodies that are not what they claim, or too big, or built to exhaust a parser. */
const RAW_BODIES: { body: string | Uint8Array; type?: string }[] = [
  { body: '{"email":', type: 'application/json' },
  { body: 'not json at all', type: 'application/json' },
  { body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}', type: 'application/json' },
  { body: '['.repeat(40_000) + ']'.repeat(40_000), type: 'application/json' },
  { body: JSON.stringify({ email: 'x'.repeat(150_000) }), type: 'application/json' },
  { body: '{"email":"a@b.c","password":"x"}', type: 'text/plain' },
  { body: '<xml><email>a@b.c</email></xml>', type: 'application/xml' },
  { body: 'email=a%40b.c&password=x', type: 'application/x-www-form-urlencoded' },
  { body: '{"email":"a@b.c"}', type: 'application/json; charset=latin1' },
  { body: new Uint8Array([0xff, 0xfe, 0x00, 0x7b, 0x22]), type: 'application/json' },
  { body: '{}', type: undefined },
];

interface Route {
  method: string;
  path: string;
}

/** Every route the gateway's Express app declares (walked, so a new route is fuzzed too). */
function routesOf(app: TestGateway['app']): Route[] {
  const found = declaredRoutes(app).flatMap(({ path, methods }) =>
    methods.map((method) => ({
      method: method === '_all' ? 'post' : method,
      path: path instanceof RegExp ? '/some/page' : path,
    })),
  );
  // Logging out ends the member's session: fuzz it last.
  return found.sort((a, b) => Number(a.path === '/api/logout') - Number(b.path === '/api/logout'));
}

/** Percent-encoded; a lone surrogate, which has no UTF-8 form, goes as the bytes a client could still send. */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

/** A route's path with `value` for each parameter (and for Express 5's `{*rest}`). */
const fill = (path: string, value: string) => path.replace(/\{\*\w+\}/g, encode(value)).replace(/:\w+/g, () => encode(value));

describe('bad input everywhere: malformed, oversized, wrongly typed and hostile requests', () => {
  let youtube: FakeYoutube;
  let gateway: TestGateway;
  let member: string;
  const seen = new Map<string, number>();

  beforeAll(async () => {
    youtube = await startFakeYoutube();
    gateway = await startTestGateway({ YOUTUBE_BASE_URL: youtube.url, MEMBER_ANALYSES_PER_HOUR: '1000' });
    const registered = await fetch(`${gateway.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('fuzz'), password: strongPassword() }),
    });
    expect(registered.status).toBe(201);
    member = registered.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  });
  afterAll(async () => {
    await gateway.close();
    await youtube.close();
  });

  /** Sends one request and checks what any caller must get: no 5xx, and a JSON `message` on an API 4xx. */
  async function expectClearAnswer(
    method: string,
    path: string,
    init: { body?: string | Uint8Array; type?: string; cookie?: string } = {},
  ) {
    const headers: Record<string, string> = {};
    if (init.type) headers['content-type'] = init.type;
    if (init.cookie) headers.cookie = init.cookie;
    const response = await fetch(`${gateway.url}${path}`, {
      method: method.toUpperCase(),
      headers,
      body: method === 'get' || method === 'head' ? undefined : (init.body as BodyInit | undefined),
      redirect: 'manual',
    });
    const text = await response.text();
    seen.set(String(response.status), (seen.get(String(response.status)) ?? 0) + 1);
    const context = `${method.toUpperCase()} ${path.slice(0, 200)} → ${response.status} ${text.slice(0, 200)}`;
    // 503 is kept for what is switched off on purpose, the X features.
    const disabled = response.status === 503 && text.includes('"errorType":"X_FEATURES_DISABLED"');
    if (response.status >= 500 && !disabled) throw new Error(`server error: ${context}`);
    if (response.status >= 400 && (path.startsWith('/api/') || response.headers.get('content-type')?.includes('json'))) {
      let message: unknown;
      try {
        message = (JSON.parse(text) as { message?: unknown }).message;
      } catch {
        throw new Error(`a 4xx without a JSON body: ${context}`);
      }
      if (typeof message !== 'string' || !message.trim() || message.length > 500 || /\n\s+at |node_modules|\/src\//.test(message))
        throw new Error(`a 4xx without a clear message: ${context}`);
    }
    return response.status;
  }

  const actors = () => [undefined, `gid=${'g'.repeat(20)}`, member];

  it('answers every route, as anyone, with wrongly typed JSON bodies and hostile path parameters', async () => {
    const routes = routesOf(gateway.app);
    expect(routes.length).toBeGreaterThan(25);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(jsonBody, hostileString, fc.constantFrom(...actors()), async (body, param, cookie) => {
          await expectClearAnswer(route.method, fill(route.path, param), {
            body: JSON.stringify(body),
            type: 'application/json',
            cookie,
          });
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
  }, 120_000);

  it('answers malformed, oversized, mistyped and parser-exhausting bodies with 4xx and a message', async () => {
    const routes = routesOf(gateway.app).filter((r) => r.method !== 'get');
    for (const route of routes)
      for (const raw of RAW_BODIES)
        for (const cookie of actors()) {
          const status = await expectClearAnswer(route.method, fill(route.path, 'abcdefghijk'), { ...raw, cookie });
          // Over the 100 kB every body may be but a share's (1 MB: 100 topics) and captions' (their own test).
          const limit = route.path === '/api/analysis/share' ? 1_000_000 : 100_000;
          if (raw.body.length > limit && route.path.startsWith('/api/')) expect([413, 404, 401]).toContain(status);
        }
  }, 120_000);

  it('answers hostile query strings and cookies', async () => {
    const queries = [
      'videoId=a&videoId=b',
      'videoId[]=dQw4w9WgXcQ',
      'videoId[$ne]=x',
      `videoId=${'a'.repeat(10_000)}`,
      'videoId=%00%00%00%00%00%00%00%00%00%00%00',
      'videoId=%E0%A4%A',
      'sort=title&sort=recent',
      'sort[]=title',
      '__proto__[x]=1',
      Array.from({ length: 2_000 }, (_, i) => `k${i}=v`).join('&'),
    ];
    const cookies = [
      'fc.sid=s%3Agarbage.notasignature',
      `fc.sid=${'x'.repeat(4_000)}`,
      'fc.sid=%E0%A4%A',
      'gid=<script>alert(1)</script>',
      `gid=${'a'.repeat(65)}`,
      'gid=; fc.sid=; gid=two',
    ];
    for (const route of routesOf(gateway.app)) {
      for (const query of queries)
        await expectClearAnswer(route.method, `${fill(route.path, 'abcdefghijk')}?${query}`, { cookie: member });
      for (const cookie of cookies)
        await expectClearAnswer(route.method, fill(route.path, 'abcdefghijk'), { cookie, body: '{}', type: 'application/json' });
    }
  }, 120_000);

  afterAll(() => {
    process.stdout.write(`fuzz: responses by status ${JSON.stringify(Object.fromEntries([...seen].sort()))}\n`);
    // Still up, and nothing was logged as an unexpected error.
    const errors = gateway.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
    expect([...seen.keys()].filter((status) => status.startsWith('5') && status !== '503')).toEqual([]);
  });
});

describe('bad input on the live channel: hostile handshakes and event payloads', () => {
  const prefix = `fc:test:${randomUUID()}:`;
  let realtime: TestRealtime;

  beforeAll(async () => {
    realtime = await startTestRealtime(prefix, { REALTIME_JOINS_PER_MINUTE: '10000' });
  });
  afterAll(() => realtime.close());

  it('refuses hostile auth payloads with AUTH_ERROR or confirms a guest, and never crashes', async () => {
    await fc.assert(
      fc.asyncProperty(
        socketPayload,
        fc.constantFrom(undefined, `gid=${'g'.repeat(20)}`, 'fc.sid=s%3Ax.y', 'gid=%%'),
        async (auth, cookie) => {
          const socket = client(realtime.url, {
            cookie,
            auth:
              typeof auth === 'object' && auth !== null && !Array.isArray(auth)
                ? (auth as Record<string, unknown>)
                : { userId: auth },
          });
          try {
            const answer = await Promise.race([
              nextOf<{ kind?: string; message?: string }>(socket, 'AUTH_CONFIRMED').then((body) => ({ confirmed: body })),
              nextOf<{ message: string }>(socket, 'AUTH_ERROR').then((body) => ({ refused: body })),
            ]);
            if ('refused' in answer) expect(answer.refused.message).toEqual(expect.any(String));
            else expect(answer.confirmed.kind).toBe('guest');
          } finally {
            socket.disconnect();
          }
        },
      ),
      { seed: SEED, numRuns: 150, endOnFailure: true },
    );
  }, 60_000);

  it('answers every malformed join_video with JOIN_VIDEO_ERROR, ignores unknown events, and keeps relaying', async () => {
    const socket = client(realtime.url, { cookie: `gid=${'h'.repeat(20)}`, transports: ['websocket'] });
    await nextOf(socket, 'AUTH_CONFIRMED');
    const errors: unknown[] = [];
    socket.on('JOIN_VIDEO_ERROR', (body: unknown) => void errors.push(body));
    await fc.assert(
      fc.asyncProperty(socketPayload, async (payload) => {
        const ack = await socket.timeout(3_000).emitWithAck('join_video', payload);
        const body = ack as { success: boolean; message?: string; videoId?: string };
        if (body.success) expect(body.videoId).toMatch(/^[\w-]{11}$/);
        else expect(body.message).toEqual(expect.any(String));
      }),
      { seed: SEED, numRuns: 300, endOnFailure: true },
    );
    expect(errors.length).toBeGreaterThan(0);
    for (const payload of ['x', 1, null, { videoId: 'a'.repeat(1_000) }]) socket.emit('no_such_event', payload);
    socket.emit('activate_x_account', { __proto__: { polluted: true } });
    socket.emit('join_video'); // no payload, no acknowledgement
    expect(await socket.timeout(3_000).emitWithAck('join_video', { videoId: 'dQw4w9WgXcQ' })).toMatchObject({ success: true });

    // A frame over 16 kB closes that socket alone.
    const dropped = nextOf(socket, 'disconnect');
    socket.emit('join_video', { videoId: 'a'.repeat(20_000) });
    expect(await dropped).toBe('transport close');

    // Still relaying: a fresh guest gets an event for the room it joins.
    const listener = client(realtime.url, { cookie: `gid=${'k'.repeat(20)}` });
    await nextOf(listener, 'AUTH_CONFIRMED');
    listener.emit('join_video', { videoId: 'fuzzedVid01', leaveOthers: true });
    await nextOf(listener, 'JOIN_VIDEO_CONFIRMED');
    const publisher = createRedisClient(process.env.REDIS_URL!, createLogger('test', 'silent'));
    await publisher.connect();
    const arrived = nextOf(listener, 'VIDEO_ANALYZED');
    await publishAnalysisEvent(publisher, prefix, analysisEvent('VIDEO_ANALYZED', 'fuzzedVid01'));
    expect(await arrived).toMatchObject({ videoId: 'fuzzedVid01' });
    await publisher.quit();
    listener.disconnect();
  }, 60_000);
});
