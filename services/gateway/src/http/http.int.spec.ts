import { X_FEATURES_DISABLED_MESSAGE } from '@findclips/contracts';
import { ScheduledPostEntity } from '@findclips/db';
import { createLogger } from '@findclips/runtime';
import { listenOnLoopback, logLines, strongPassword, uniqueEmail, until } from '@findclips/testing';
import express from 'express';
import iconv from 'iconv-lite';
import http from 'node:http';
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import supertest from 'supertest';
import { startTestGateway, type TestGateway } from '../test/harness';
import { errorHandler } from './errors';
import { requestLog } from './request-log';
import { createGatewayServer, handleServerEvents, REQUEST_TIMEOUTS } from './server-events';

describe('requests the gateway refuses', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ ALLOWED_ORIGINS: 'http://localhost:5173' });
  });
  afterAll(() => gw.close());

  it('answers 413 with a message for a JSON body over 100 kB', async () => {
    const res = await gw
      .request()
      .post('/api/register')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(101 * 1024) }))
      .expect(413);
    expect(res.body).toEqual({ message: 'The request body is too large (100 kB at most)', errorType: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await gw.request().post('/api/login').set('content-type', 'application/json').send('{"email": ').expect(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON', errorType: 'VALIDATION_ERROR' });
  });

  it('answers 400 for a body sent as UTF-8 holding bytes that are not, rather than store them as "�"', async () => {
    const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((part) => Buffer.from(part as string)));
    const asBytes = (request: supertest.Test) =>
      // The bytes as they are (supertest would write a Buffer out as JSON).
      request.set('content-type', 'application/json').serialize((body: Buffer) => body as unknown as string);
    const browser = gw.browser();
    const email = uniqueEmail();
    const register = await asBytes(browser.post('/api/register')).send(
      bytes(`{"email":"${email}","password":"Passw0rd`, [0xff, 0xfe], '"}'),
    );
    expect([register.status, register.body]).toEqual([
      400,
      { message: 'The request body is not valid UTF-8 text', errorType: 'VALIDATION_ERROR' },
    ]);
    // The captions upload reads its large body the same way.
    await browser.post('/api/register').send({ email, password: strongPassword() }).expect(201);
    const upload = await asBytes(browser.post('/api/user-videos/dQw4w9WgXcQ/transcript')).send(
      bytes('{"text":"1\\n00:00:01,000 --> 00:00:04,000\\nCaf', [0xe9], '"}'),
    );
    expect([upload.status, upload.body]).toEqual([
      400,
      { message: 'The request body is not valid UTF-8 text', errorType: 'VALIDATION_ERROR' },
    ]);
    // Valid UTF-8, accents and all, is read.
    const renamed = await asBytes(browser.patch('/api/profile')).send(bytes('{"firstName":"Zoë","lastName":"Brontë"}'));
    expect([renamed.status, renamed.body.firstName]).toEqual([200, 'Zoë']);
  });

  it.each([
    ['an array', [1, 2]],
    ['a string', '"hello"'],
    ['null', 'null'],
  ])('answers 400 for a body that is %s', async (_what, body) => {
    const res = await gw
      .request()
      .post('/api/register')
      .set('content-type', 'application/json')
      .send(typeof body === 'string' ? body : JSON.stringify(body))
      .expect(400);
    // Valid JSON, so never called invalid: it is just not an object.
    expect(res.body.message).toMatch(/body must be a JSON object/);
  });

  it.each([
    ['text/plain', 'post', '/api/register', JSON.stringify({ email: 'c@example.com', password: 'Passw0rdxx' })],
    ['application/x-www-form-urlencoded', 'post', '/api/login', 'email=c%40example.com&password=x'],
    ['application/merge-patch+json', 'patch', '/api/profile', JSON.stringify({ firstName: 'Ann' })],
  ] as const)('answers 415 naming the type it takes for an API body sent as %s', async (type, method, path, body) => {
    const res = await gw.request()[method](path).set('content-type', type).send(body).expect(415);
    expect(res.body).toEqual({ message: 'The request body must be JSON, sent with Content-Type: application/json' });
  });

  it('answers 400 naming the field for a NUL byte or another control character, never 500', async () => {
    const cases: [string, object, string][] = [
      ['/api/login', { email: 'a\u0000@b.co', password: 'x' }, 'email'],
      ['/api/register', { email: 'a@b.co', password: 'Abcdefg1\u0007' }, 'password'],
      ['/api/analysis/share', { youtubeId: 'dQw4w9WgXcQ', title: 'Best \u0000 bits', topics: [] }, 'title'],
    ];
    for (const [path, body, field] of cases) {
      const res = await gw.request().post(path).send(body);
      expect([path, res.status, res.body]).toEqual([
        path,
        400,
        { message: `${field} must not contain control characters`, errorType: 'VALIDATION_ERROR', field },
      ]);
    }
    // A field the route does not take is dropped, not named as if the route took it.
    const extra = await gw.request().post('/api/login').send({ email: 'nobody@example.com', password: 'x', note: 'a\u0000' });
    expect([extra.status, extra.body.field]).toEqual([401, undefined]);
    // ... and it hides nothing: the fields the route takes are still read.
    const both = await gw.request().post('/api/login').send({ a: '\u0001', email: 'a\u001b@b.co', password: 'x' });
    expect([both.status, both.body.field]).toEqual([400, 'email']);
    // ... also by a route whose body has one shape per action (an edit): answered as without it.
    const member = gw.browser();
    await member.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
    const edit = { action: 'removeTopic', topicId: 'no-such-topic' };
    const plain = await member.patch('/api/user-videos/dQw4w9WgXcQ').send(edit);
    const noted = await member.patch('/api/user-videos/dQw4w9WgXcQ').send({ ...edit, note: 'a\u0000' });
    expect([noted.status, noted.body]).toEqual([plain.status, plain.body]);
    // A field another action takes is still checked.
    const titled = await member.patch('/api/user-videos/dQw4w9WgXcQ').send({ ...edit, title: 'a\u0007' });
    expect([titled.status, titled.body.field]).toEqual([400, 'title']);
    expect(gw.logs.join('\n')).not.toContain('unhandled error');
  });

  it("answers 400 when PostgreSQL refuses the caller's text (22021), not 500", async () => {
    // A real refusal of PostgreSQL, through the gateway's error handler.
    const app = express();
    app.get('/echo', async (_req, res, next) => {
      try {
        res.json(await gw.dataSource.query('SELECT $1::text AS value', ['a\u0000b']));
      } catch (error) {
        next(error);
      }
    });
    app.use(errorHandler);
    const res = await supertest(app).get('/echo').expect(400);
    expect(res.body).toEqual({ message: 'The request contains characters that cannot be stored', errorType: 'VALIDATION_ERROR' });
  });

  it('logs a failed query by what failed, never the values it was given nor the row PostgreSQL refused', async () => {
    const { lines, stream } = logLines();
    const logger = createLogger('gateway', 'info', stream);
    const insert = () =>
      gw.dataSource.transaction(async (tx) => {
        await tx.query(
          `CREATE TEMP TABLE accounts (email text, password_hash text CHECK (email <> 'refused@example.com')) ON COMMIT DROP`,
        );
        await tx.query('INSERT INTO accounts VALUES ($1, $2)', ['refused@example.com', '$argon2id$v=19$m=19456$secret-hash']);
      });
    // As a request's error (the gateway), and as a service logs one it caught (the worker's retries).
    const app = express();
    app.use(requestLog(logger));
    app.post('/accounts', (_req, res, next) => void insert().then(() => res.json({}), next));
    app.use(errorHandler);
    await supertest(app).post('/accounts').expect(500);
    logger.warn({ err: await insert().catch((error: unknown) => error) }, 'analysis attempt failed: will retry');

    const logged = lines.filter((text) => /unhandled error|analysis attempt failed/.test(text));
    expect(logged).toHaveLength(2);
    for (const line of logged) {
      // What an operator needs is kept: which error, which constraint, the query's text.
      expect(JSON.parse(line).err).toMatchObject({
        type: 'QueryFailedError',
        code: '23514',
        constraint: 'accounts_email_check',
        message: expect.stringContaining('violates check constraint'),
        query: 'INSERT INTO accounts VALUES ($1, $2)',
      });
    }

    // A value PostgreSQL quotes in its message (a data exception), or in where it failed, a cause's too.
    const refused = await gw.dataSource.query('SELECT $1::int', ['hunter2-secret']).catch((error: unknown) => error);
    logger.error({ err: refused }, 'unhandled error');
    const json = await gw.dataSource
      .query('SELECT $1::jsonb', ['{"title": "my secret analysis text \\u0000"}'])
      .catch((error: unknown) => error);
    logger.error({ err: new Error('the analysis could not be stored', { cause: json }) }, 'analysis failed');
    expect(JSON.parse(lines.at(-2)!).err).toMatchObject({
      type: 'QueryFailedError',
      code: '22P02',
      message: 'PostgreSQL refused a value (22P02)',
    });
    expect(JSON.parse(lines.at(-1)!).err.cause).toMatchObject({ type: 'QueryFailedError', code: '22P05' });
    // Nothing the queries were given is in any line written.
    expect(lines.join('\n')).not.toMatch(/refused@example\.com|secret-hash|hunter2|my secret analysis/);
  });

  it('logs why it answered a 5xx of its own making: YouTube out of reach, with what failed', async () => {
    // The harness's YouTube is a port nobody listens on.
    const res = await gw.request().post('/api/guest/videos/transcript?videoId=unreachabl1').send({}).expect(502);
    expect(res.body.errorType).toBe('YOUTUBE_UNREACHABLE');
    const line = gw.logs.map((text) => JSON.parse(text)).find((entry) => entry.msg === 'request failed' && entry.err);
    expect(line).toMatchObject({
      level: 40,
      errorType: 'YOUTUBE_UNREACHABLE',
      req: { url: '/api/guest/videos/transcript?videoId=unreachabl1' },
      // What our fetch was told, under the message the caller read, each error with its own fields.
      err: {
        type: 'AppError',
        message: 'YouTube could not be reached. Please try again shortly.',
        cause: { type: 'YoutubeError', code: 'YOUTUBE_UNREACHABLE', videoId: 'unreachabl1', cause: { message: 'fetch failed' } },
      },
    });
  });

  it('answers 400 naming the field for wrong types, deep or shallow', async () => {
    const cases: [string, object, string][] = [
      ['/api/login', { email: ['a@b.co'], password: 'x' }, 'email must be text'],
      ['/api/login', { email: 'a@b.co', password: { $gt: '' } }, 'password must be text'],
      ['/api/register', { email: 42, password: 'Abcdefg1' }, 'email must be text'],
    ];
    for (const [path, body, message] of cases) {
      const res = await gw.request().post(path).send(body).expect(400);
      expect(res.body.message).toBe(message);
    }
    // JSON holds numbers no double does: '1e400' parses as Infinity, a number too large, not "not a
    // number".
    const topic = (time: string) =>
      `{"id":"t1","title":"A","startTime":${time},"endTime":9,"quotes":[{"id":"q1","content":"A.","startTime":1,"endTime":9}]}`;
    const huge: [string, string][] = [
      ['1e400', 'topics.0.startTime is too large a number'],
      ['-1e400', 'topics.0.startTime is too small a number'],
    ];
    for (const [time, message] of huge) {
      const res = await gw
        .browser()
        .post('/api/analysis/share')
        .set('content-type', 'application/json')
        .send(`{"youtubeId":"dQw4w9WgXcQ","topics":[${topic(time)}]}`)
        .expect(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('never answers 500 to hostile or odd input', async () => {
    const bodies = [
      '',
      '{}',
      '[]',
      '{"__proto__":{"admin":true}}',
      '{"email":"\u0000","password":"\u0000"}',
      '"\ud800"',
      '1e999',
    ];
    const endpoints = [
      ['post', '/api/register'],
      ['post', '/api/login'],
      ['post', '/api/verify-password'],
      ['patch', '/api/profile'],
      ['patch', '/api/profile/email'],
      ['patch', '/api/profile/password'],
      ['post', '/api/logout'],
    ] as const;
    const browser = gw.browser();
    await browser.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
    const unclear: unknown[] = [];
    for (const client of [gw.request(), browser]) {
      for (const [method, path] of endpoints) {
        for (const body of bodies) {
          const res = await client[method](path).set('content-type', 'application/json').send(body);
          // Every refusal is a 4xx with a message a person can read.
          if (res.status >= 500 || (res.status >= 400 && typeof res.body.message !== 'string')) {
            unclear.push({ method, path, body, status: res.status, response: res.body });
          }
        }
      }
    }
    expect(unclear).toEqual([]);
  });

  it("refuses any other body nested deeper than a request takes before parsing it, a guest's share of a million arrays included", async () => {
    const deep = (depth: number) => `{"title":${'['.repeat(depth)}"\u0001"${']'.repeat(depth)}}`;
    const refused = { message: 'The request body is nested deeper than any request takes', errorType: 'VALIDATION_ERROR' };
    // Parsed and walked, naming the field of its control character held the gateway 28 s.
    const share = await gw.browser().post('/api/analysis/share').set('content-type', 'application/json').send(deep(499_000));
    expect([share.status, share.body]).toEqual([400, refused]);
    const register = await gw.request().post('/api/register').set('content-type', 'application/json').send(deep(40_000));
    expect([register.status, register.body]).toEqual([400, refused]);
    // Brackets within strings are text, and a body as deep as ours is read: refused for its title.
    const shallow = await gw
      .request()
      .post('/api/register')
      .send({ email: '[[[[[[[[[[[[[[[[[[[[[[[@example.com', password: { a: { b: { c: [[['x']]] } } } });
    expect(shallow.status).toBe(400);
    expect(shallow.body.message).not.toBe(refused.message);
  });

  it('refuses a captions body of millions of nested arrays or tiny values before parsing it, not the captions themselves', async () => {
    const browser = gw.browser();
    await browser.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
    // A video known to have no captions on YouTube (a file is read only once that is known).
    await gw.redis.set(
      `${gw.env.REDIS_KEY_PREFIX}meta:dQw4w9WgXcQ`,
      JSON.stringify({
        videoId: 'dQw4w9WgXcQ',
        title: 'Uncaptioned',
        thumbnailUrl: '',
        channelTitle: null,
        durationSeconds: 600,
        hasCaptions: false,
      }),
    );
    const upload = (body: string) =>
      browser.post('/api/user-videos/dQw4w9WgXcQ/transcript').set('content-type', 'application/json').send(body);
    const refused = { message: 'The request body holds more values than this request takes', errorType: 'VALIDATION_ERROR' };
    // Under the 8 MB limit, each took seconds to parse and walk, holding the gateway for everyone.
    const deep = `{"text":"1","name":${'['.repeat(3_000_000)}${']'.repeat(3_000_000)}}`;
    expect((await upload(deep).expect(400)).body).toEqual(refused);
    const flat = JSON.stringify({ text: '1', name: Array.from({ length: 1_000_000 }, () => 'a') });
    expect((await upload(flat).expect(400)).body).toEqual(refused);
    // Brackets, commas and escaped quotation marks inside the text are its words, not values: these
    // captions are read as captions (and have too many cues).
    const captions = `1\n00:00:01,000 --> 00:00:04,000\n[Music] one, two, "three" {four}\n`.repeat(20_000);
    const read = await upload(JSON.stringify({ text: captions, name: 'talk.srt' })).expect(400);
    expect(read.body.message).toMatch(/more than 7,200 cues/);
    // In every charset the JSON parser reads, counted as it reads them.
    for (const charset of ['utf-16le', 'utf-16be', 'utf-16', 'utf-32']) {
      const encoded = (body: string) =>
        browser
          .post('/api/user-videos/dQw4w9WgXcQ/transcript')
          .set('content-type', `application/json; charset=${charset}`)
          // The bytes as they are (supertest would write a Buffer out as JSON).
          .serialize((bytes: Buffer) => bytes as unknown as string)
          .send(iconv.encode(body, charset, { addBOM: charset === 'utf-16' }));
      const answer = await encoded(JSON.stringify({ text: captions, name: 'talk.srt' }));
      expect({ charset, status: answer.status, message: answer.body.message }).toEqual({
        charset,
        status: 400,
        message: expect.stringMatching(/more than 7,200 cues/),
      });
      expect(
        (await encoded(JSON.stringify({ text: '1', name: Array.from({ length: 100 }, () => 'a') })).expect(400)).body,
      ).toEqual(refused);
    }
  });

  it('answers a live-channel body over 16 kB with a 413 saying so, not a 502', async () => {
    // Forwarded, the realtime instance answered before reading it and the proxy, still writing, said 502.
    for (const size of [16 * 1024 + 1, 3_000_000]) {
      const res = await gw
        .request()
        .post('/socket.io/?EIO=4&transport=polling&sid=abc')
        .set('content-type', 'text/plain;charset=UTF-8')
        .send('a'.repeat(size))
        .expect(413);
      expect(res.body).toEqual({ message: 'A live message is 16 kB at most' });
    }
  });

  it('refuses a live-channel body sent in chunks, without its length, with a 4xx saying so, not a 502', async () => {
    // Without a Content-Length the size check above cannot see it: forwarded, the proxy said 502
    // 'Live updates are unavailable right now' (or 413 with no message), however large the body.
    for (const size of [16 * 1024 + 1, 3_000_000]) {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          `${gw.url}/socket.io/?EIO=4&transport=polling&sid=abc`,
          { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8', 'transfer-encoding': 'chunked' } },
          (res) => {
            let body = '';
            res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        // The server may answer and close before it has read everything.
        req.on('error', reject);
        for (let sent = 0; sent < size; sent += 8 * 1024) req.write('a'.repeat(Math.min(8 * 1024, size - sent)));
        req.end();
      });
      expect({ size, status: answer.status, body: JSON.parse(answer.body || 'null') }).toEqual({
        size,
        status: 411,
        body: { message: 'A live message must say its length (Content-Length)' },
      });
    }
  });

  it('answers 404 JSON for an unknown API route', async () => {
    const res = await gw.request().get('/api/nope').expect(404);
    expect(res.body).toMatchObject({ message: 'No such endpoint: GET /api/nope', errorType: 'NOT_FOUND' });
    // '/api' itself too, even asked for as a page (it was the app's HTML 404).
    for (const path of ['/api', '/api?x=1', '/API']) {
      const api = await gw.request().get(path).set('accept', 'text/html').expect(404);
      expect([path, api.type, api.body.errorType]).toEqual([path, 'application/json', 'NOT_FOUND']);
    }
  });

  it('answers 405 with the methods a route takes when it is asked with another', async () => {
    const put = await gw.request().put('/api/user').expect(405);
    expect(put.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(put.body).toEqual({
      message: 'PUT is not allowed on /api/user: use GET, HEAD, OPTIONS',
      errorType: 'METHOD_NOT_ALLOWED',
    });
    // A path with a parameter; a route declared for several methods on one path.
    const get = await gw.request().get('/api/analysis/shared/abcdefgh12').expect(405);
    expect(get.headers.allow).toBe('DELETE, OPTIONS');
    expect((await gw.request().delete('/api/videos/check-status').expect(405)).headers.allow).toBe('GET, HEAD, OPTIONS');
    // What no route declares stays 404, and so do the X features' routes, which take every method.
    await gw.request().put('/api/nope').expect(404);
    await gw.request().put('/api/x/accounts').expect(503);
  });

  it("answers 404 JSON, not the framework's page, for what no route takes outside the API", async () => {
    const post = await gw.request().post('/auth').expect(404);
    expect(post.body).toMatchObject({ message: 'No such endpoint: POST /auth', errorType: 'NOT_FOUND' });
    const json = await gw.request().get('/history').set('accept', 'application/json').expect(404);
    expect(json.body).toMatchObject({ message: 'No such endpoint: GET /history' });
    expect(JSON.stringify([post.text, json.text])).not.toMatch(/Cannot (GET|POST)|<pre>/);
  });

  it('never answers 500 to a request target no URL parser reads, and logs it without its query', async () => {
    const { hostname, port } = new URL(gw.url);
    const targets = ['//a:99999/api/user?code=secret-code', '//[::1?x=1', 'http://localhost:99999/api/user?x=1'];
    for (const path of targets) {
      const status = await new Promise<number>((resolve, reject) => {
        http
          .request({ hostname, port, path, method: 'GET', headers: { accept: 'application/json' } }, (res) => {
            res.resume();
            resolve(res.statusCode!);
          })
          .on('error', reject)
          .end();
      });
      expect([path, status >= 400 && status < 500]).toEqual([path, true]);
    }
    const logs = gw.logs.join('\n');
    expect(logs).not.toContain('secret-code');
    expect(logs).toContain('"url":"//a:99999/api/user"');
  });

  /** Sends raw bytes; resolves with all the server answered once it closes the connection. */
  function raw(request: string, url = gw.url): Promise<string> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => socket.write(request));
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
      socket.setTimeout(5_000, () => reject(new Error(`no close; got: ${received}`)));
    });
  }

  it('answers an upgrade outside the live channel with 404 and closes the connection (it used to hold it for ever)', async () => {
    const answer = await raw('GET /api/user HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe('{"message":"No such endpoint: GET /api/user"}');
    // A target that only normalised names the live channel is not one for the proxy either.
    const dotted = await raw(
      'GET /x/../socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
    );
    expect(dotted).toMatch(/^HTTP\/1\.1 404 /);
  });

  it("answers a target that is no path ('OPTIONS *', as scanners send it) without 500: 204 with Allow, else 400", async () => {
    const options = await raw('OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(options).toMatch(/^HTTP\/1\.1 204 /);
    expect(options).toMatch(/\r\nAllow: GET, HEAD, POST, PATCH, DELETE, OPTIONS\r\n/i);
    for (const method of ['GET', 'POST', 'DELETE']) {
      const answer = await raw(`${method} * HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('{"message":"The request target must be a path, like /api/user","errorType":"VALIDATION_ERROR"}');
    }
    // An absolute URL names a path: it is served as the path.
    const absolute = await raw(`GET ${gw.url}/api/nope HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(absolute).toMatch(/^HTTP\/1\.1 404 /);
    expect(absolute).toContain('No such endpoint: GET /api/nope');
  });

  it('answers a body that does not decompress as its Content-Encoding says with a 400 saying so', async () => {
    const gzipped = gzipSync(JSON.stringify({ email: 'a@example.com', password: 'x' }));
    for (const [encoding, body] of [
      ['gzip', gzipped.subarray(0, gzipped.length - 6)],
      ['deflate', Buffer.from('not deflated')],
      ['br', Buffer.from('not brotli at all')],
    ] as const) {
      const res = await gw
        .request()
        .post('/api/login')
        .set('content-type', 'application/json')
        .set('content-encoding', encoding)
        .send(body);
      expect([encoding, res.status, res.body.message]).toEqual([
        encoding,
        400,
        'The request body could not be decompressed as its Content-Encoding says',
      ]);
    }
  });

  it('answers headers too large or unreadable with a message, not an empty 431 or 400', async () => {
    const large = await raw(`GET /api/user HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(large).toMatch(/^HTTP\/1\.1 431 /);
    expect(large).toContain('{"message":"The request\'s address or headers are too large"}');
    // Node counts the address with the headers: a very long one is answered the same way.
    const long = await raw(`GET /api/videos/check-status?videoId=x&a=${'b'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(long).toContain('{"message":"The request\'s address or headers are too large"}');
    const garbled = await raw('GET /api/user HTTP/1.1\r\nHost localhost\r\n\r\n');
    expect(garbled).toMatch(/^HTTP\/1\.1 400 /);
    expect(garbled).toContain('{"message":"The request could not be read"}');
  });

  it('answers a request whose body stops short of its Content-Length with a 408 once its time is up, not five minutes later', async () => {
    expect(REQUEST_TIMEOUTS).toMatchObject({ headersTimeout: 20_000, requestTimeout: 120_000 });
    // The gateway's own server, its limits shortened to a second.
    const server = createGatewayServer(gw.app, {
      headersTimeout: 1_000,
      requestTimeout: 1_000,
      connectionsCheckingInterval: 100,
    });
    handleServerEvents(server, (_req, socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
      const started = performance.now();
      const stalled = await raw(
        'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
        url,
      );
      expect(stalled).toMatch(/^HTTP\/1\.1 408 /);
      expect(stalled).toContain('{"message":"The request took too long to arrive"}');
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  describe('cross-site requests', () => {
    it('refuses a state-changing request from another site with 403', async () => {
      const res = await gw
        .request()
        .post('/api/login')
        .set('Origin', 'https://evil.example')
        .send({ email: 'a@b.co', password: 'x' })
        .expect(403);
      expect(res.body.message).toBe('Cross-site requests are not allowed');
      await gw.request().post('/api/logout').set('Sec-Fetch-Site', 'cross-site').expect(403);
      await gw.request().post('/api/logout').set('Sec-Fetch-Site', 'same-site').expect(403);
      // Every method that changes something, not POST alone: refused before anyone is asked who sent it.
      await gw.request().delete('/api/user-videos/dQw4w9WgXcQ/edits').set('Origin', 'https://evil.example').expect(403);
      await gw.request().patch('/api/user-videos/dQw4w9WgXcQ').set('Sec-Fetch-Site', 'cross-site').send({}).expect(403);
    });

    it('lets our own origin, an allowed origin and non-browser clients through', async () => {
      const body = { email: uniqueEmail(), password: strongPassword() };
      await gw.request().post('/api/register').set('Origin', gw.url).send(body).expect(201);
      await gw.request().post('/api/login').set('Origin', 'http://localhost:5173').send(body).expect(200);
      await gw.request().post('/api/login').set('Sec-Fetch-Site', 'same-origin').send(body).expect(200);
      await gw.request().post('/api/login').send(body).expect(200);
      // PUBLIC_URL is ours too, whatever scheme and host the request arrived with (behind a TLS proxy).
      await gw.request().post('/api/login').set('Origin', new URL(gw.env.PUBLIC_URL).origin).send(body).expect(200);
    });

    it('lets reads from anywhere through', async () => {
      await gw.request().get('/api/user').set('Origin', 'https://evil.example').expect(401);
    });
  });

  it('marks every API answer that depends on the caller no-store, errors included', async () => {
    const browser = gw.browser();
    await browser.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
    for (const path of [
      '/api/user',
      '/api/videos',
      '/api/user-videos',
      '/api/analysis/shares-map',
      '/api/guest/credits',
      '/api/nothing-here',
    ]) {
      const res = await browser.get(path);
      expect([path, res.headers['cache-control']]).toEqual([path, 'no-store']);
    }
    const refused = await gw.request().post('/api/login').send({ email: uniqueEmail(), password: 'wrong' }).expect(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('sends security headers with a CSP that allows YouTube embeds and thumbnails', async () => {
    const res = await gw.request().get('/api/user');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/i\.ytimg\.com/);
    expect(csp).toContain("frame-ancestors 'self'");
    // Our scripts only: youtube.com's JSONP endpoints would run anything a page could inject.
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    // Nor may a page send what it read to anyone else.
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    // The permissions no page uses are off, for YouTube's frames too.
    expect(res.headers['permissions-policy']).toMatch(/(^|, )camera=\(\)/);
    expect(res.headers['permissions-policy']).toMatch(/(^|, )gyroscope=\(\)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
  });

  it('asks browsers to upgrade requests to https only when PUBLIC_URL is https (over plain http the page stayed blank)', async () => {
    // Plain http (a LAN address): the browser would fetch the app's own scripts from https, where nothing answers.
    const plain = await gw.request().get('/api/user');
    expect(gw.env.PUBLIC_URL).toMatch(/^http:/);
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const behindTls = await startTestGateway({ PUBLIC_URL: 'https://clips.example.com' });
    try {
      const res = await behindTls.request().get('/api/user');
      expect(res.headers['content-security-policy']).toMatch(/(^|;)upgrade-insecure-requests(;|$)/);
    } finally {
      await behindTls.close();
    }
  });
});

describe('the X features', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());

  it.each([
    ['get', '/api/x/accounts'],
    ['get', '/api/x/active-account'],
    ['post', '/api/x/accounts/1/activate'],
    ['delete', '/api/x/accounts/1'],
    ['post', '/api/x'],
    // The web app reads it again after changes: processed posts are X's too.
    ['get', '/api/processed-posts'],
  ] as const)('%s %s answers 503 "X features are temporarily disabled"', async (method, path) => {
    const res = await gw.request()[method](path).expect(503);
    expect(res.body).toEqual({ message: X_FEATURES_DISABLED_MESSAGE, errorType: 'X_FEATURES_DISABLED' });
  });

  it("lists only the signed-in user's scheduled posts, and needs a user", async () => {
    await gw.request().get('/api/scheduled-posts').expect(401);

    const browser = gw.browser();
    const me = (await browser.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201)).body;
    expect((await browser.get('/api/scheduled-posts').expect(200)).body).toEqual([]);

    const other = gw.browser();
    const them = (await other.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201)).body;
    const posts = gw.dataSource.getRepository(ScheduledPostEntity);
    await posts.save([
      posts.create({ userId: me.id, content: 'mine, later', sortOrder: 2 }),
      posts.create({ userId: me.id, content: 'mine, first', sortOrder: 1 }),
      posts.create({ userId: them.id, content: 'theirs' }),
    ]);

    const mine = (await browser.get('/api/scheduled-posts').expect(200)).body;
    expect(mine.map((p: { content: string }) => p.content)).toEqual(['mine, first', 'mine, later']);
    expect(mine[0]).toMatchObject({ status: 'draft', posted: false, retryCount: 0 });
  });
});

describe('rate limits on sign-in', () => {
  const prefix = `fc:test:limits-${process.pid}-${Date.now()}:`;

  it('slows failed logins per email across gateway instances (1 s, 2 s ...), with 429 and Retry-After, never a lock-out', async () => {
    // Two gateways sharing Redis, as two instances behind a load balancer would.
    const limits = { REDIS_KEY_PREFIX: prefix, LOGIN_LIMIT_PER_EMAIL: '3', AUTH_RATE_WINDOW_SECONDS: '600' };
    const [a, b] = [await startTestGateway(limits), await startTestGateway(limits)];
    try {
      const email = uniqueEmail('target');
      const password = strongPassword();
      await a.request().post('/api/register').send({ email, password }).expect(201);
      // The owner's own browser signed in before: it carries the device cookie.
      const owner = b.browser();
      await owner.post('/api/login').send({ email, password }).expect(200);

      // An attacker from many addresses: three free failures, then each failure makes the next wait.
      await a.request().post('/api/login').send({ email, password: 'wrong-1' }).expect(401);
      await b.request().post('/api/login').send({ email, password: 'wrong-2' }).expect(401);
      await a.request().post('/api/login').send({ email: email.toUpperCase(), password: 'wrong-3' }).expect(401);
      await b.request().post('/api/login').send({ email, password: 'wrong-4' }).expect(401);
      const limited = await a.request().post('/api/login').send({ email, password }).expect(429);
      expect(limited.body).toEqual({
        message: 'Too many failed login attempts for this email. Please try again in 1 second.',
        errorType: 'RATE_LIMITED',
      });
      expect(limited.headers['retry-after']).toBe('1');

      // The owner's browser is not held back by the attacker's failures.
      await owner.post('/api/logout').expect(200);
      await owner.post('/api/login').send({ email, password }).expect(200);

      // Once the delay is over, the right password works from anywhere; failures start over.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await b.request().post('/api/login').send({ email, password }).expect(200);
      for (let i = 0; i < 3; i++)
        await a
          .request()
          .post('/api/login')
          .send({ email, password: `again-${i}` })
          .expect(401);

      // Other accounts are not affected.
      const other = uniqueEmail('bystander');
      await a.request().post('/api/register').send({ email: other, password }).expect(201);
      await b.request().post('/api/login').send({ email: other, password }).expect(200);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('checks one of many wrong logins sent together once the email is slowed down, refusing the rest unchecked', async () => {
    const gw = await startTestGateway({ REDIS_KEY_PREFIX: `${prefix}burst:`, LOGIN_LIMIT_PER_EMAIL: '2' });
    try {
      const email = uniqueEmail('burst');
      await gw.request().post('/api/register').send({ email, password: strongPassword() }).expect(201);
      for (const guess of ['wrong-1', 'wrong-2'])
        await gw.request().post('/api/login').send({ email, password: guess }).expect(401);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          gw
            .request()
            .post('/api/login')
            .send({ email, password: `burst-${i}` }),
        ),
      );
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).toEqual([401, 429, 429, 429, 429, 429, 429, 429, 429, 429]);
    } finally {
      await gw.close();
    }
  });

  it('checks only the free logins and one more of many wrong ones sent together from the start', async () => {
    // Counted as they finished, all were checked: 90 of a free 10, from three addresses at once.
    const gw = await startTestGateway({ REDIS_KEY_PREFIX: `${prefix}first-burst:`, LOGIN_LIMIT_PER_EMAIL: '2' });
    try {
      const email = uniqueEmail('first-burst');
      await gw.request().post('/api/register').send({ email, password: strongPassword() }).expect(201);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          gw
            .request()
            .post('/api/login')
            .send({ email, password: `burst-${i}` }),
        ),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    } finally {
      await gw.close();
    }
  });

  it('does not count successful logins against the email', async () => {
    const gw = await startTestGateway({ LOGIN_LIMIT_PER_EMAIL: '2' });
    try {
      const email = uniqueEmail();
      const password = strongPassword();
      await gw.request().post('/api/register').send({ email, password }).expect(201);
      for (let i = 0; i < 5; i++) await gw.request().post('/api/login').send({ email, password }).expect(200);
    } finally {
      await gw.close();
    }
  });

  it('limits failed login attempts per IP address whatever the email, not the logins that succeed, nor a browser the account knows', async () => {
    const gw = await startTestGateway({ LOGIN_LIMIT_PER_IP: '4' });
    try {
      // People of one network who sign in often do not use up its attempts.
      const email = uniqueEmail();
      const password = strongPassword();
      await gw.request().post('/api/register').send({ email, password }).expect(201);
      for (let i = 0; i < 6; i++) await gw.request().post('/api/login').send({ email, password }).expect(200);
      // The owner's browser signed in before (it holds the device cookie).
      const owner = gw.browser();
      await owner.post('/api/login').send({ email, password }).expect(200);
      await owner.post('/api/logout').expect(200);
      // A malformed login is no login attempt.
      await gw.request().post('/api/login').send({ email: 'nobody' }).expect(400);
      for (let i = 0; i < 4; i++) await gw.request().post('/api/login').send({ email: uniqueEmail(), password: 'x' }).expect(401);
      const res = await gw.request().post('/api/login').send({ email: uniqueEmail(), password: 'x' }).expect(429);
      expect(res.body.message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
      // Others' failures on the network do not keep out a browser the account knows; a new one waits.
      await owner.post('/api/login').send({ email, password }).expect(200);
      await gw.request().post('/api/login').send({ email, password }).expect(429);
      // The known browser's own failures count, by its device: its cookie is no way round the limit.
      await owner.post('/api/logout').expect(200);
      for (let i = 0; i < 4; i++)
        await owner
          .post('/api/login')
          .send({ email, password: `guess-${i}` })
          .expect(401);
      await owner.post('/api/login').send({ email, password: 'guess-5' }).expect(429);
    } finally {
      await gw.close();
    }
  });

  it('limits registrations per IP address, not the requests refused as malformed', async () => {
    const gw = await startTestGateway({ REGISTER_LIMIT_PER_IP: '2' });
    try {
      // A careless client's malformed sign-ups are answered, and keep nobody of its network out.
      for (const body of [{}, { email: 'not-an-email', password: strongPassword() }, { email: uniqueEmail(), password: 'short' }])
        await gw.request().post('/api/register').send(body).expect(400);
      for (let i = 0; i < 2; i++) {
        await gw.request().post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
      }
      const res = await gw.request().post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(429);
      expect(res.body.message).toMatch(/^Too many sign-ups from this network/);
    } finally {
      await gw.close();
    }
  });

  it('limits password checks per user, not the requests refused as malformed', async () => {
    const gw = await startTestGateway({ PASSWORD_CHECK_LIMIT_PER_USER: '3' });
    try {
      const browser = gw.browser();
      await browser.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
      // Refused before any password is checked: no check is used up.
      await browser.post('/api/verify-password').send({}).expect(400);
      await browser.patch('/api/profile/email').send({ email: uniqueEmail() }).expect(400);
      await browser.patch('/api/profile/password').send({ currentPassword: 'guess', newPassword: 'short' }).expect(400);
      for (let i = 0; i < 3; i++)
        await browser
          .post('/api/verify-password')
          .send({ password: `guess-${i}` })
          .expect(200);
      const res = await browser.post('/api/verify-password').send({ password: 'guess-4' }).expect(429);
      expect(res.body.message).toMatch(/^Too many password checks/);
      // Email changes count too: probing which addresses are registered is as slow as guessing.
      const move = await browser
        .patch('/api/profile/email')
        .send({ email: uniqueEmail(), currentPassword: 'guess-5' })
        .expect(429);
      expect(move.body.message).toMatch(/^Too many password checks/);
    } finally {
      await gw.close();
    }
  });
});

describe('logs', () => {
  it('never contain passwords, password hashes, session cookies or OAuth codes', async () => {
    const gw = await startTestGateway({ LOG_LEVEL: 'trace' });
    try {
      const browser = gw.browser();
      const email = uniqueEmail('logged');
      const password = 'Very-Secret-Password-1';
      const registered = await browser.post('/api/register').send({ email, password }).expect(201);
      const cookie = String(registered.headers['set-cookie']).split(';')[0]!.split('=')[1]!;
      await browser.post('/api/login').send({ email, password: 'Wrong-Secret-Password-2' }).expect(401);
      await browser.patch('/api/profile/password').send({ currentPassword: password, newPassword: 'Next-Secret-3' }).expect(200);
      await gw.request().get('/auth/google/callback?code=4/SECRET-CODE&state=SECRET-STATE').set('Cookie', `fc.sid=${cookie}`);
      // A client that puts credentials in the address: refused, and logged without them.
      await gw
        .request()
        .post(`/api/login?email=${encodeURIComponent(email)}&password=Query-Secret-4`)
        .expect(400);
      await gw.request().get('/api/videos/check-status?videoId=dQw4w9WgXcQ');
      await gw.request().post('/api/login?Name-Secret-5').send({ email, password: 'x' });
      const [hash] = await gw.dataSource.query('SELECT password FROM users WHERE email = $1', [email]);

      const written = gw.logs.join('\n');
      expect(gw.logs.length).toBeGreaterThan(3);
      for (const secret of [
        password,
        'Wrong-Secret-Password-2',
        'Next-Secret-3',
        hash.password,
        cookie,
        'SECRET-CODE',
        'SECRET-STATE',
        'Query-Secret-4',
        'Name-Secret-5',
        email.split('@')[0]!,
      ]) {
        expect(written).not.toContain(secret);
      }
      expect(written).toContain('"url":"/api/register"');
      // What a route reads from the address and says nothing secret stays, for whoever reads the logs.
      expect(written).toContain('"url":"/api/videos/check-status?videoId=dQw4w9WgXcQ"');
      expect(written).toContain('"url":"/api/login?email=[redacted]&password=[redacted]"');
    } finally {
      await gw.close();
    }
  });

  it("log a refusal with a 503 as one warning line, without a stack trace of the logger's making", async () => {
    const gw = await startTestGateway({ LOG_LEVEL: 'info' });
    try {
      await gw.request().get('/api/x/accounts').expect(503);
      const lines = gw.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
      const refused = lines.filter((line) => (line.req as { url?: string } | undefined)?.url === '/api/x/accounts');
      expect(refused).toEqual([expect.objectContaining({ level: 40, msg: 'request completed', res: { statusCode: 503 } })]);
      expect(refused[0]).not.toHaveProperty('err');
    } finally {
      await gw.close();
    }
  });

  it('log a request whose client left before any answer without a status, not as a 200', async () => {
    const { lines, stream } = logLines();
    const app = express();
    app.use(requestLog(createLogger('gateway', 'info', stream)));
    let arrived = () => {};
    const asked = new Promise<void>((resolve) => (arrived = resolve));
    // A route still at work when its client goes (a slow read, a cut connection): nothing was answered.
    app.get('/api/slow', () => arrived());
    const server = await listenOnLoopback(app);
    try {
      const request = http.get(`${server.url}/api/slow`).on('error', () => {});
      await asked;
      request.destroy();
      await until(() => lines.some((line) => line.includes('/api/slow')), 5_000, 'the log line');
      const line = JSON.parse(lines.find((text) => text.includes('/api/slow'))!) as Record<string, unknown>;
      expect(line).toMatchObject({ msg: 'request aborted', req: { method: 'GET', url: '/api/slow' }, res: { statusCode: null } });
    } finally {
      server.server.closeAllConnections();
      await server.close();
    }
  });
});
