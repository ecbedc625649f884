import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { once } from 'node:events';

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
  stop(): Promise<void>;
}

/**
 * A real redis-server of our own on a free port, which a test may stop and start again to see
 * how our services behave while Redis is away, without touching the shared server.
 */
export async function scratchRedis(binary = process.env.REDIS_SERVER_BIN ?? 'redis-server'): Promise<ScratchRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
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
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
