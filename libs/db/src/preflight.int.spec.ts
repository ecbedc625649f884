import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { missingServers } from './preflight';

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('what npm start says when a server is missing', () => {
  const running = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/findclips', REDIS_URL: 'redis://127.0.0.1:6379' };

  it('says nothing when PostgreSQL and Redis answer', async () => {
    expect(await missingServers(running)).toEqual([]);
  });

  it('takes the default ports when the URLs name none', async () => {
    expect(
      await missingServers({ DATABASE_URL: 'postgres://postgres@127.0.0.1/findclips', REDIS_URL: 'redis://127.0.0.1' }),
    ).toEqual([]);
  });

  it('names each missing server, its address and how to start it', async () => {
    const [pg, redis] = [await closedPort(), await closedPort()];
    expect(
      await missingServers({
        DATABASE_URL: `postgres://postgres@127.0.0.1:${pg}/findclips`,
        REDIS_URL: `redis://127.0.0.1:${redis}`,
      }),
    ).toEqual([
      `PostgreSQL is not answering at 127.0.0.1:${pg} (DATABASE_URL): start it (on Debian: pg_ctlcluster $(ls /etc/postgresql) main start) or with Docker: \`docker run -d -p 127.0.0.1:5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16-alpine\`.`,
      `Redis is not answering at 127.0.0.1:${redis} (REDIS_URL): start it (redis-server --daemonize yes) or with Docker: \`docker run -d -p 127.0.0.1:6379:6379 redis:7-alpine\`.`,
    ]);
    expect(await missingServers({ ...running, REDIS_URL: `redis://127.0.0.1:${redis}` })).toHaveLength(1);
  });

  it("stops npm start's migration step with that line, not a connection error", async () => {
    const port = await closedPort();
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [join(__dirname, '..', 'dist', 'migrate.js')],
        {
          env: { ...process.env, DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/findclips`, REDIS_URL: running.REDIS_URL },
        },
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`PostgreSQL is not answering at 127.0.0.1:${port} (DATABASE_URL)`);
    expect(result.stderr).not.toContain('ECONNREFUSED');
  });
});
