import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Topic } from '@findclips/contracts';
import { dropDatabase, ensureDatabase, migrate } from '@findclips/db';
import {
  scratchRedis,
  startStack,
  strongPassword,
  uniqueEmail,
  until,
  type RunningStack,
  type ScratchRedis,
} from '@findclips/testing';
import { Client } from 'pg';
import { addVideos, fetchWithin, startFakes, type Fakes } from './helpers';

const run = promisify(execFile);

/** A member's cookies from a sign-up or sign-in answer. */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/**
 * Disaster recovery as an operator does it: the database backed up with pg_dump while the stack
 * runs and an analysis is under way, restored into a new database, and the stack started on it
 * with a Redis that has lost everything (sessions, queue, credits).
 */
describe('a database restored from a pg_dump taken while the stack runs, with a fresh Redis', () => {
  let fakes: Fakes;
  let redis: ScratchRedis;
  let stack: RunningStack | undefined;
  const source = process.env.DATABASE_URL!;
  const restored = source.replace(/\/[^/]+$/, `/findclips_restored_${process.pid}_${Date.now()}`);
  const dir = mkdtempSync(join(tmpdir(), 'fc-dump-'));
  const email = uniqueEmail('restore');
  const password = strongPassword();
  let done: string;
  let running: string;
  let shareId: string;
  let oldSession: string;
  let appliedOnStart: string[];
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);

  const env = (redisUrl: string, databaseUrl: string) => ({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `fc:test:${randomUUID()}:`,
    ...fakes.env,
    ANALYSIS_DEFAULT_PROVIDER: 'openai',
    PROVIDER_TIMEOUT_MS: '60000',
    MEMBER_ANALYSES_PER_HOUR: '100',
    LOG_LEVEL: 'warn',
  });
  const call = (path: string, cookie: string, init: { method?: string; body?: unknown } = {}) =>
    fetchWithin(15_000, `${stack!.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { cookie, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const status = async (videoId: string) =>
    (await (await call(`/api/videos/check-status?videoId=${videoId}`, '')).json()) as { status: string | null };
  const signIn = async () => {
    const response = await call('/api/login', '', { method: 'POST', body: { email, password } });
    expect(response.status).toBe(200);
    return cookiesOf(response);
  };

  beforeAll(async () => {
    [fakes, redis] = await Promise.all([startFakes(), scratchRedis()]);
    stack = await startStack({ output: 'capture', env: env(redis.url, source) });

    // Before the backup: a member's analysis, re-analysed privately, edited and shared, and a
    // second analysis under way (its provider call hangs) when the dump is taken.
    [done, running] = addVideos(fakes.youtube, 2) as [string, string];
    const registered = await call('/api/register', '', { method: 'POST', body: { email, password } });
    expect(registered.status).toBe(201);
    const member = cookiesOf(registered);
    expect((await call(`/api/videos/transcript?videoId=${done}`, member, { method: 'POST', body: {} })).status).toBe(202);
    await until(async () => (await status(done)).status === 'complete', 30_000, 'the first analysis');
    expect((await call('/api/videos/analyze', member, { method: 'POST', body: { videoId: done } })).status).toBe(202);
    await until(
      async () =>
        ((await (await call(`/api/user-videos/${done}`, member)).json()) as { isUserSpecific?: boolean }).isUserSpecific === true,
      30_000,
      'the private re-analysis',
    );
    const mine = (await (await call(`/api/user-videos/${done}`, member)).json()) as { analyzedTopics: Topic[] };
    const renamed = await call(`/api/user-videos/${done}`, member, {
      method: 'PATCH',
      body: { action: 'rename', topicId: mine.analyzedTopics[0]!.id, title: 'Renamed before the backup' },
    });
    expect(renamed.status).toBe(200);
    const topics = ((await renamed.json()) as { analyzedTopics: Topic[] }).analyzedTopics;
    const shared = await call('/api/analysis/share', member, { method: 'POST', body: { youtubeId: done, topics } });
    expect(shared.status).toBe(201);
    shareId = ((await shared.json()) as { shareId: string }).shareId;

    fakes.gemini.script.always('hang');
    expect((await call(`/api/videos/transcript?videoId=${running}`, member, { method: 'POST', body: {} })).status).toBe(202);
    await until(async () => (await status(running)).status === 'analyzing', 30_000, 'the second analysis under way');
    oldSession = member;

    // The backup, while the stack runs, then the disaster: every service and Redis's data gone.
    await run('pg_dump', ['--format=custom', `--file=${join(dir, 'backup.dump')}`, source]);
    await Promise.all(stack.workers.map((worker) => worker.stop('SIGKILL')));
    await stack.stop();
    await redis.stop();
    fakes.gemini.script.always('ok');

    // The restore into a new database, migrations run as `npm start` runs them, a fresh Redis.
    await ensureDatabase(restored);
    await run('pg_restore', ['--no-owner', `--dbname=${restored}`, join(dir, 'backup.dump')]);
    // What the services' start would apply to the restored database, before they start.
    appliedOnStart = await migrate(restored);
    await redis.start();
    stack = await startStack({ output: 'capture', env: env(redis.url, restored) });
  }, 180_000);

  afterAll(async () => {
    // Each cleaned up whatever another's failure: the restored database is dropped in any case.
    const failures: unknown[] = [];
    for (const step of [() => stack?.stop(), () => redis?.stop(), () => fakes?.close(), () => dropDatabase(restored)])
      await Promise.resolve()
        .then(step)
        .catch((error: unknown) => failures.push(error));
    rmSync(dir, { recursive: true, force: true });
    if (failures.length) throw failures[0];
  });

  it('finds every migration applied: none runs again', () => {
    expect(appliedOnStart).toEqual([]);
  });

  it('lets the member sign in again and find their history, their own analysis with its edit, and their share', async () => {
    // The session from before is gone with Redis: signed out, not an error.
    expect((await call('/api/user', oldSession)).status).toBe(401);
    const member = await signIn();
    const history = (await (await call('/api/videos', member)).json()) as { youtubeId?: string; videoId?: string }[];
    expect(history.map((entry) => entry.youtubeId ?? entry.videoId).sort()).toEqual([done, running].sort());
    const mine = (await (await call(`/api/user-videos/${done}`, member)).json()) as {
      analyzedTopics: Topic[];
      isUserSpecific: boolean;
    };
    expect(mine.isUserSpecific).toBe(true);
    expect(mine.analyzedTopics[0]!.title).toBe('Renamed before the backup');
    const page = await call(`/api/shared/${shareId}`, '');
    expect(page.status).toBe(200);
    expect(((await page.json()) as { sharedTopics: Topic[] }).sharedTopics[0]!.title).toBe('Renamed before the backup');
    const map = (await (await call('/api/analysis/shares-map', member)).json()) as { shareId: string }[];
    expect(map).toEqual([{ shareId, youtubeId: done }]);
  });

  it('shows the analysis that was under way as failed, and analyses it when submitted again', async () => {
    expect((await status(running)).status).toBe('failed');
    const member = await signIn();
    expect((await call(`/api/videos/transcript?videoId=${running}`, member, { method: 'POST', body: {} })).status).toBe(202);
    await until(async () => (await status(running)).status === 'complete', 30_000, 'the analysis submitted again');
  }, 60_000);

  it('takes new rows in every table: a sign-up, a new analysis, its re-analysis, an edit and a share', async () => {
    const password2 = strongPassword();
    const registered = await call('/api/register', '', {
      method: 'POST',
      body: { email: uniqueEmail('after'), password: password2 },
    });
    expect(registered.status).toBe(201);
    const member = cookiesOf(registered);
    const [fresh] = addVideos(fakes.youtube, 1) as [string];
    expect((await call(`/api/videos/transcript?videoId=${fresh}`, member, { method: 'POST', body: {} })).status).toBe(202);
    await until(async () => (await status(fresh)).status === 'complete', 30_000, 'a new analysis');
    expect((await call('/api/videos/analyze', member, { method: 'POST', body: { videoId: fresh } })).status).toBe(202);
    await until(
      async () =>
        ((await (await call(`/api/user-videos/${fresh}`, member)).json()) as { isUserSpecific?: boolean }).isUserSpecific ===
        true,
      30_000,
      'a new private re-analysis',
    );
    const mine = (await (await call(`/api/user-videos/${fresh}`, member)).json()) as { analyzedTopics: Topic[] };
    const renamed = await call(`/api/user-videos/${fresh}`, member, {
      method: 'PATCH',
      body: { action: 'rename', topicId: mine.analyzedTopics[0]!.id, title: 'Renamed after the restore' },
    });
    expect(renamed.status).toBe(200);
    const topics = ((await renamed.json()) as { analyzedTopics: Topic[] }).analyzedTopics;
    const shared = await call('/api/analysis/share', member, { method: 'POST', body: { youtubeId: fresh, topics } });
    expect(shared.status).toBe(201);
    // The member from before the backup edits and shares again too.
    const before = await signIn();
    const old = (await (await call(`/api/user-videos/${done}`, before)).json()) as { analyzedTopics: Topic[] };
    const again = await call(`/api/user-videos/${done}`, before, {
      method: 'PATCH',
      body: { action: 'rename', topicId: old.analyzedTopics[0]!.id, title: 'Renamed after the restore' },
    });
    expect(again.status).toBe(200);
    const sharedAgain = await call('/api/analysis/share', before, {
      method: 'POST',
      body: {
        youtubeId: running,
        topics: ((await (await call(`/api/cached-videos/${running}`, '')).json()) as { analyzedTopics: Topic[] }).analyzedTopics,
      },
    });
    expect(sharedAgain.status).toBe(201);
    // Nothing the services wrote was refused by a sequence behind its table.
    const db = new Client({ connectionString: restored });
    await db.connect();
    try {
      const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM users`);
      expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(2);
    } finally {
      await db.end();
    }
    for (const service of [stack!.gateway, ...stack!.workers]) expect(service.output()).not.toMatch(/duplicate key|"level":50/);
  }, 90_000);
});
