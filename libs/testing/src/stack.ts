import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { freePort } from './redis-server';

/** The checkout's root, from libs/testing/{src,dist}. */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

type ServiceName = 'gateway' | 'realtime' | 'worker';

/** One service process, run from its built `dist/main.js` as `npm start` runs it. */
export interface ServiceProcess {
  name: ServiceName;
  child: ChildProcess;
  /** Where it answers HTTP: the gateway's app, a realtime instance, a worker's /metrics and /healthz. */
  url: string;
  /** What it printed, with `output: 'capture'`. */
  output(): string;
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface RunningStack {
  url: string;
  gateway: ServiceProcess;
  realtimes: ServiceProcess[];
  workers: ServiceProcess[];
  /** Starts one more worker, with `env` on top of the stack's. */
  addWorker(env?: Record<string, string>): Promise<ServiceProcess>;
  stop(): Promise<void>;
}

type Output = 'inherit' | 'ignore' | 'capture';

function startService(name: ServiceName, env: NodeJS.ProcessEnv, url: string, output: Output): ServiceProcess {
  const child = spawn(process.execPath, [resolve(REPO_ROOT, 'services', name, 'dist', 'main.js')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', output === 'capture' ? 'pipe' : output, output === 'capture' ? 'pipe' : output],
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = once(child, 'exit').then(() => child.exitCode);
  return {
    name,
    child,
    url,
    output: () => printed,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
  };
}

/** Resolves once GET `path` on the service answers `ok`, failing if the process exits first. */
async function waitUntilServing(service: ServiceProcess, path: string, ok: (status: number) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null)
      throw new Error(`${service.name} exited with code ${service.child.exitCode}\n${service.output()}`);
    try {
      const response = await fetch(`${service.url}${path}`);
      await response.arrayBuffer();
      if (ok(response.status)) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${service.name} at ${service.url} was not ready within ${timeoutMs} ms`);
}

/**
 * Starts a gateway, `realtimes` realtime instances and `workers` workers from their built
 * `dist/main.js`, with `env` on top of this process's environment, and resolves once each answers
 * (the gateway's /readyz with 200). The gateway forwards /socket.io to every realtime instance.
 * Migrations must have run (`npm start` and `npm run demo` run them first; tests in global setup).
 */
export async function startStack({
  env = {},
  port,
  output = 'ignore',
  workers = 1,
  realtimes = 1,
  realtimePort,
  workerMetricsPort,
}: {
  env?: Record<string, string>;
  port?: number;
  output?: Output;
  workers?: number;
  realtimes?: number;
  /** Where the first realtime instance listens (the others on free ports). */
  realtimePort?: number;
  /** Where the first worker serves its metrics and health (the others on free ports). */
  workerMetricsPort?: number;
}): Promise<RunningStack> {
  const gatewayPort = port ?? (await freePort());
  const realtimePorts = await Promise.all(
    Array.from({ length: realtimes }, (_, i) => (i === 0 && realtimePort !== undefined ? realtimePort : freePort())),
  );
  let givenMetricsPort = workerMetricsPort;
  const shared = {
    ...process.env,
    PORT: String(gatewayPort),
    PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
    REALTIME_URL: realtimePorts.map((p) => `http://127.0.0.1:${p}`).join(','),
    ...env,
  };
  const started: ServiceProcess[] = [];
  const workerProcesses: ServiceProcess[] = [];
  const launch = async (name: ServiceName, extra: Record<string, string>, url: string, path: string) => {
    const service = startService(name, { ...shared, ...extra }, url, output);
    started.push(service);
    await waitUntilServing(service, path, (status) => (name === 'gateway' ? status === 200 : status > 0), 30_000);
    return service;
  };
  const addWorker = async (extra: Record<string, string> = {}) => {
    const metricsPort = givenMetricsPort ?? (await freePort());
    givenMetricsPort = undefined;
    const worker = await launch(
      'worker',
      { WORKER_METRICS_PORT: String(metricsPort), ...extra },
      `http://127.0.0.1:${metricsPort}`,
      '/healthz',
    );
    workerProcesses.push(worker);
    return worker;
  };
  const stop = async () => {
    await Promise.all(started.map((service) => service.stop()));
  };
  try {
    const [realtimeProcesses] = await Promise.all([
      Promise.all(
        realtimePorts.map((p) => launch('realtime', { REALTIME_PORT: String(p) }, `http://127.0.0.1:${p}`, '/metrics')),
      ),
      Promise.all(Array.from({ length: workers }, () => addWorker())),
    ]);
    // A port found free may be taken before the gateway binds it, seconds later (another process's
    // outgoing connection gets its port from the same range; CI saw it once): unless the caller
    // named the port, a gateway that finds it in use tries another, twice at most.
    let gateway: ServiceProcess | undefined;
    for (let attempt = 1; !gateway; attempt++) {
      const at = attempt === 1 ? gatewayPort : await freePort();
      const moved =
        attempt === 1 ? {} : { PORT: String(at), ...(env.PUBLIC_URL ? {} : { PUBLIC_URL: `http://127.0.0.1:${at}` }) };
      try {
        gateway = await launch('gateway', moved, `http://127.0.0.1:${at}`, '/readyz');
      } catch (error) {
        if (port !== undefined || env.PORT !== undefined || attempt >= 3 || !/\(PORT\) is in use/.test(String(error)))
          throw error;
      }
    }
    return { url: gateway.url, gateway, realtimes: realtimeProcesses, workers: workerProcesses, addWorker, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
