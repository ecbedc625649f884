import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { freePort } from './redis-server';

/** The checkout's root, from libs/testing/{src,dist}. */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

/** The three services, as `npm start` runs them (built code, one process each). */
const SERVICES = ['gateway', 'realtime', 'worker'] as const;

export interface RunningStack {
  url: string;
  stop(): Promise<void>;
}

async function waitUntilReady(url: string, processes: ChildProcess[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const dead = processes.find((child) => child.exitCode !== null);
    if (dead) throw new Error(`${dead.spawnargs.slice(-1)[0]} exited with code ${dead.exitCode}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the stack at ${url} was not ready within ${timeoutMs} ms`);
}

/**
 * Starts gateway, realtime and worker from their built `dist/main.js` with `env` on top of this
 * process's environment, and resolves once the gateway's /readyz answers 200. Migrations must
 * have run (`npm start` and `npm run demo` run them first; tests in global setup).
 */
export async function startStack({
  env = {},
  port,
  output = 'ignore',
}: {
  env?: Record<string, string>;
  port?: number;
  output?: 'inherit' | 'ignore';
}): Promise<RunningStack> {
  const gatewayPort = port ?? (await freePort());
  const realtimePort = await freePort();
  const shared = {
    ...process.env,
    PORT: String(gatewayPort),
    REALTIME_PORT: String(realtimePort),
    REALTIME_URL: `http://127.0.0.1:${realtimePort}`,
    ...env,
  };
  const processes = SERVICES.map((name) =>
    spawn(process.execPath, [resolve(REPO_ROOT, 'services', name, 'dist', 'main.js')], {
      cwd: REPO_ROOT,
      env: shared,
      stdio: ['ignore', output, output],
    }),
  );
  const url = `http://127.0.0.1:${gatewayPort}`;
  const stop = async () => {
    await Promise.all(
      processes.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await once(child, 'exit');
        clearTimeout(timer);
      }),
    );
  };
  try {
    await waitUntilReady(url, processes, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
