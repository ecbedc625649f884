import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { freePort, until } from '@findclips/testing';

const DEMO = path.resolve(__dirname, '../../libs/testing/dist/demo.js');

/** `npm run demo` (its built script, as the command runs it after building and migrating). */
describe('npm run demo', () => {
  let demo: ChildProcess | undefined;
  let printed = '';

  const run = (env: Record<string, string>) => {
    printed = '';
    demo = spawn(process.execPath, [DEMO], {
      env: { ...process.env, REDIS_KEY_PREFIX: `fc:test:${randomUUID()}:`, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    demo.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    demo.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    return demo;
  };

  afterEach(async () => {
    if (demo && demo.exitCode === null && demo.signalCode === null) {
      const exited = once(demo, 'exit');
      demo.kill('SIGINT');
      await exited;
    }
    demo = undefined;
  });

  it('listens where PORT, REALTIME_PORT and WORKER_METRICS_PORT say, as npm start does', async () => {
    const [port, realtimePort, metricsPort] = [await freePort(), await freePort(), await freePort()];
    const child = run({ PORT: String(port), REALTIME_PORT: String(realtimePort), WORKER_METRICS_PORT: String(metricsPort) });
    await until(() => printed.includes('Find Clips demo: open') || child.exitCode !== null, 60_000);
    expect(printed).toContain(`open http://localhost:${port} and paste`);

    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    const worker = await fetch(`http://127.0.0.1:${metricsPort}/healthz`);
    expect(worker.status).toBe(200);
    const realtime = await fetch(`http://127.0.0.1:${realtimePort}/metrics`);
    expect(realtime.status).toBe(200);
    expect(await realtime.text()).toContain('# TYPE');

    // Ctrl+C stops everything, and the ports are free again.
    const exited = once(child, 'exit');
    child.kill('SIGINT');
    expect((await exited)[0]).toBe(0);
    await expect(fetch(`http://127.0.0.1:${realtimePort}/metrics`)).rejects.toThrow();
  }, 90_000);

  it('refuses a port another process holds, rather than say it started and send its links there', async () => {
    const holder = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => holder.listen(port, resolve));
    try {
      const child = run({ PORT: String(port) });
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(printed).toContain(`demo failed: port ${port} (PORT) is in use: is Find Clips already running`);
      expect(printed).not.toContain('Find Clips demo: open');
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }, 30_000);

  it('stops, saying which, when one of its services stops by itself: its links would lead nowhere', async () => {
    const child = run({ PORT: String(await freePort()) });
    await until(() => printed.includes('Find Clips demo: open') || child.exitCode !== null, 60_000);
    // Says where its data is, and how the CLI reads the same videos.
    expect(printed).toMatch(/YOUTUBE_BASE_URL=http:\/\/127\.0\.0\.1:\d+ npm run -s analyze -- FCdemoTalk1/);
    const services = execFileSync('pgrep', ['-P', String(child.pid)])
      .toString()
      .trim()
      .split('\n')
      .map(Number);
    expect(services).toHaveLength(3);
    const exited = once(child, 'exit');
    process.kill(services[0]!, 'SIGKILL');
    expect((await exited)[0]).toBe(1);
    expect(printed).toMatch(/demo stopped: the (gateway|realtime|worker) exited \(SIGKILL\)/);
    // The others were stopped with it.
    for (const pid of services.slice(1)) expect(() => process.kill(pid, 0)).toThrow();
  }, 90_000);

  it.each([
    ['REALTIME_PORT', 'abc'],
    ['WORKER_METRICS_PORT', '70000'],
    ['PORT', '30o0'],
  ])(
    'says which variable is wrong when %s is not a port (%s)',
    async (name, value) => {
      const child = run({ PORT: String(await freePort()), [name]: value });
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(printed).toContain(`demo failed: ${name} must be a port number (0-65535), not '${value}'`);
    },
    30_000,
  );
});
