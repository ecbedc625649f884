import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { freePort } from '@findclips/testing';

/** The compiled gateway, as `npm start` runs it (`npm test` builds before running jest). */
const MAIN = join(__dirname, '..', 'dist', 'main.js');

function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  return { child, output: () => output };
}

describe('the gateway process', () => {
  it('refuses to start on a bad environment, listing every problem', async () => {
    const { child, output } = startMain({ PORT: 'http', NODE_ENV: 'production', REDIS_URL: 'localhost' });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output()).toContain('gateway: invalid environment');
    expect(output()).toMatch(/PORT: /);
    expect(output()).toMatch(/REDIS_URL: must be a URL/);
    expect(output()).toMatch(/SESSION_SECRET: required in production/);
  });

  it('serves /readyz, then stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const { child, output } = startMain({ PORT: String(port), LOG_LEVEL: 'info' });
    try {
      const deadline = Date.now() + 15_000;
      let ready: Response | undefined;
      while (!ready && Date.now() < deadline) {
        ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(ready?.status).toBe(200);
      expect(await ready!.json()).toEqual({ status: 'ready', postgres: 'up', redis: 'up' });

      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
      expect(output()).toContain('"msg":"gateway stopped"');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
