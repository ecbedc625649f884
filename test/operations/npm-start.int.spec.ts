import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, REPO_ROOT, until } from '@findclips/testing';

/**
 * `npm start`'s services as it runs them: the `concurrently` line of its script (what follows the
 * build and the migrations), in the shell npm gives it.
 */
function startLine(): string {
  const { scripts } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const at = scripts.start.indexOf('exec concurrently');
  if (at < 0) throw new Error('npm start no longer runs the services with exec concurrently');
  return scripts.start.slice(at);
}

describe('npm start (services as processes)', () => {
  it('a SIGTERM (kill, systemd, a container stop) stops every service gracefully, waiting for them, with status 0', async () => {
    const [port, realtimePort, metricsPort] = [await freePort(), await freePort(), await freePort()];
    const child = spawn('sh', ['-c', startLine()], {
      cwd: REPO_ROOT,
      env: {
        PATH: `${join(REPO_ROOT, 'node_modules', '.bin')}:${process.env.PATH}`,
        DATABASE_URL: process.env.DATABASE_URL,
        REDIS_URL: process.env.REDIS_URL,
        REDIS_KEY_PREFIX: `fc:test:${randomUUID()}:`,
        PORT: String(port),
        REALTIME_PORT: String(realtimePort),
        WORKER_METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const exited = once(child, 'exit');
    try {
      // Three processes starting beside the rest of the suite: a busy machine took over 20 s.
      await until(
        () => ['gateway listening', 'realtime listening', 'worker ready'].every((line) => printed.includes(line)),
        60_000,
        'the three services',
      ).catch((error: Error) => {
        throw new Error(`${error.message}; they printed:\n${printed.slice(-4_000)}`);
      });

      child.kill('SIGTERM');
      const [code] = await exited;
      // What had been printed when npm start's process ended: each service had stopped before.
      const atExit = printed;
      expect(code).toBe(0);
      for (const service of ['gateway', 'realtime', 'worker']) expect(atExit).toContain(`"msg":"${service} stopped"`);
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 90_000);
});
