import { connect } from 'node:net';

/** Whether anything accepts a TCP connection at the URL's host and port within `timeoutMs`. */
function answers(url: string, defaultPort: number, timeoutMs = 2_000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, '') || '127.0.0.1', port: Number(port) || defaultPort });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const where = (url: string, defaultPort: number) => {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || defaultPort}`;
};

/**
 * What `npm start` needs that does not answer, one line each: which server, at which address,
 * and how to start it. Empty when PostgreSQL and Redis both answer.
 */
export async function missingServers(env: { DATABASE_URL: string; REDIS_URL: string }): Promise<string[]> {
  // Servers as the defaults expect them (user postgres without a password, on this host): the
  // compose file's are for its own services, unpublished, and need its secrets (a stranger's audit).
  const docker = {
    postgres: 'or with Docker: `docker run -d -p 127.0.0.1:5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16-alpine`',
    redis: 'or with Docker: `docker run -d -p 127.0.0.1:6379:6379 redis:7-alpine`',
  };
  const [postgres, redis] = await Promise.all([answers(env.DATABASE_URL, 5432), answers(env.REDIS_URL, 6379)]);
  return [
    ...(postgres
      ? []
      : [
          `PostgreSQL is not answering at ${where(env.DATABASE_URL, 5432)} (DATABASE_URL): start it ` +
            `(on Debian: pg_ctlcluster $(ls /etc/postgresql) main start) ${docker.postgres}.`,
        ]),
    ...(redis
      ? []
      : [
          `Redis is not answering at ${where(env.REDIS_URL, 6379)} (REDIS_URL): start it ` +
            `(redis-server --daemonize yes) ${docker.redis}.`,
        ]),
  ];
}
