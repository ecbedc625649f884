import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

export interface ScratchRedis {
  url: string;
  start(): Promise<void>;
  /** SIGKILL by default (a crash); SIGTERM is a clean shutdown, which saves the append-only file. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Stops it cleanly, waits `downMs`, starts it again on the same port (and data, with `persist`). */
  restart(downMs?: number): Promise<void>;
}

/**
 * A real redis-server of our own on a free port, which a test may stop and start again to see
 * how our services behave while Redis is away, without touching the shared server. With
 * `persist`, it keeps its data in an append-only file across restarts, as in production.
 */
export async function scratchRedis({
  binary = process.env.REDIS_SERVER_BIN ?? 'redis-server',
  persist = false,
}: { binary?: string; persist?: boolean } = {}): Promise<ScratchRedis> {
  const port = await freePort();
  const dir = persist ? mkdtempSync(join(tmpdir(), 'fc-redis-')) : undefined;
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', persist ? 'yes' : 'no'];
  if (dir) args.push('--dir', dir, '--appendfsync', 'always');
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child!.once('error', reject);
      child!.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
      child!.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
    });
  };
  const stop = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    restart: async (downMs = 1_000) => {
      await stop('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
  };
}
