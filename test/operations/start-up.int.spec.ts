import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { DATABASE_STARTUP_WAIT_MS, REDIS_STARTUP_WAIT_MS } from '@findclips/runtime';
import { freePort, REPO_ROOT, scratchRedis, tcpProxy, until } from '@findclips/testing';
import { join } from 'node:path';

type Service = 'gateway' | 'realtime' | 'worker';

/** One service from its built main.js, as `npm start` runs it, on `redisUrl`; what it prints is kept. */
async function start(service: Service, redisUrl: string, port?: number, databaseUrl = process.env.DATABASE_URL) {
  port ??= await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(REPO_ROOT, 'services', service, 'dist', 'main.js')], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `fc:test:${randomUUID()}:`,
      PORT: String(port),
      REALTIME_PORT: String(port),
      WORKER_METRICS_PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = once(child, 'exit').then(() => child.exitCode);
  return { child, url: `http://127.0.0.1:${port}`, printed: () => printed, exited };
}

describe('a service starting without what it needs (services as processes)', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it(`each service gives up after ${REDIS_STARTUP_WAIT_MS / 1_000} s with a line naming Redis's address, never its password`, async () => {
    const port = await freePort(); // nothing listens there
    const started = await Promise.all(
      (['gateway', 'realtime', 'worker'] as const).map((service) => start(service, `redis://:hunter2secret@127.0.0.1:${port}`)),
    );
    children.push(...started.map((s) => s.child));
    const codes = await Promise.all(started.map((s) => s.exited));
    expect(codes).toEqual([1, 1, 1]);
    for (const [i, service] of ['gateway', 'realtime', 'worker'].entries()) {
      const printed = started[i]!.printed();
      expect(printed).toContain(
        `${service} failed to start: Redis did not answer at 127.0.0.1:${port} (REDIS_URL) within ${REDIS_STARTUP_WAIT_MS / 1_000} s\n`,
      );
      expect(printed).not.toMatch(/^\s+at /m);
      expect(printed).not.toContain('hunter2secret');
    }
  }, 60_000);

  it(`each service says in one line what is wrong with PostgreSQL: a database missing at once, no answer after ${DATABASE_STARTUP_WAIT_MS / 1_000} s`, async () => {
    const services = ['gateway', 'realtime', 'worker'] as const;
    const missing = new URL(process.env.DATABASE_URL!);
    missing.pathname = `/findclips_missing_${process.pid}`;
    const port = await freePort(); // nothing listens there
    const away = `postgres://admin:hunter2secret@127.0.0.1:${port}/findclips`;
    const started = await Promise.all([
      ...services.map((service) => start(service, process.env.REDIS_URL!, undefined, missing.toString())),
      ...services.map((service) => start(service, process.env.REDIS_URL!, undefined, away)),
    ]);
    children.push(...started.map((s) => s.child));
    // (The missing database is said at once, not after the wait: its line is not the wait's.)
    expect(await Promise.all(started.map((s) => s.exited))).toEqual([1, 1, 1, 1, 1, 1]);
    for (const [i, service] of services.entries()) {
      const [gone, unanswered] = [started[i]!.printed(), started[i + 3]!.printed()];
      expect(gone).toContain(
        `${service} failed to start: PostgreSQL at ${missing.hostname}:${missing.port || 5432}${missing.pathname} (DATABASE_URL) refused us: database "findclips_missing_${process.pid}" does not exist: create it with \`npm run db:migrate\``,
      );
      expect(unanswered).toContain(
        `${service} failed to start: PostgreSQL did not answer at 127.0.0.1:${port}/findclips (DATABASE_URL) within ${DATABASE_STARTUP_WAIT_MS / 1_000} s (ECONNREFUSED)\n`,
      );
      for (const printed of [gone, unanswered]) {
        expect(printed).not.toMatch(/^\s+at /m);
        expect(printed).not.toContain('hunter2secret');
      }
    }
  }, 60_000);

  it('a gateway started before Redis serves once Redis comes up', async () => {
    const redis = await scratchRedis();
    await redis.stop();
    const gateway = await start('gateway', redis.url);
    children.push(gateway.child);
    try {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(gateway.child.exitCode).toBeNull();
      await redis.start();
      await until(
        async () => (await fetch(`${gateway.url}/readyz`).catch(() => null))?.status === 200,
        15_000,
        "the gateway's /readyz",
      );
    } finally {
      gateway.child.kill('SIGTERM');
      await gateway.exited;
      await redis.stop();
    }
  }, 60_000);

  it('the gateway and a realtime instance whose port is taken say so in one line, naming the variable', async () => {
    const holder = createServer().listen(0, '127.0.0.1');
    await once(holder, 'listening');
    const { port } = holder.address() as AddressInfo;
    try {
      const started = await Promise.all(
        (['gateway', 'realtime'] as const).map((service) => start(service, process.env.REDIS_URL!, port)),
      );
      children.push(...started.map((s) => s.child));
      expect(await Promise.all(started.map((s) => s.exited))).toEqual([1, 1]);
      for (const [i, [service, variable]] of [
        ['gateway', 'PORT'],
        ['realtime', 'REALTIME_PORT'],
      ].entries()) {
        const printed = started[i]!.printed();
        expect(printed).toContain(
          `${service} failed to start: port ${port} (${variable}) is in use: stop what holds it, or set ${variable} to another port\n`,
        );
        expect(printed).not.toMatch(/^\s+at /m);
      }
    } finally {
      holder.close();
    }
  }, 60_000);
});

describe('a service stopping while Redis is away (services as processes)', () => {
  // (The worker's is in services/worker/src/worker.int.spec.ts.) Each waited for Redis to come back, for good.
  it.each([
    ['gateway', '/readyz'],
    ['realtime', '/healthz'],
  ] as const)(
    '%s: stops on SIGTERM within seconds, exit 0',
    async (service, health) => {
      const redis = new URL(process.env.REDIS_URL!);
      const proxy = await tcpProxy(Number(redis.port || 6379), redis.hostname);
      const running = await start(service, `redis://127.0.0.1:${proxy.port}`);
      const status = () =>
        fetch(`${running.url}${health}`).then(
          (res) => res.status,
          () => 0,
        );
      let timer: NodeJS.Timeout | undefined;
      try {
        await until(async () => (await status()) === 200, 30_000, `the ${service}`);
        await proxy.cut();
        await until(async () => (await status()) === 503, 10_000, 'its Redis away');
        running.child.kill('SIGTERM');
        const stillRunning = new Promise<string>(
          (resolve) => (timer = setTimeout(() => resolve('still running 5 s later'), 5_000)),
        );
        expect(await Promise.race([running.exited, stillRunning])).toBe(0);
      } finally {
        clearTimeout(timer);
        if (running.child.exitCode === null) running.child.kill('SIGKILL');
        await running.exited;
        await proxy.close();
      }
    },
    60_000,
  );
});
