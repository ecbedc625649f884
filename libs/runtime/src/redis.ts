import { createClient } from 'redis';
import type { Logger } from 'pino';
import { StartupError } from './shutdown';

/** How long any one Redis command may take before it fails (and the request answers 503). */
export const REDIS_DEADLINE_MS = 2_000;

const connectOptions = (url: string) =>
  createClient({
    url,
    // While Redis is away, fail at once (the caller gets a 503) instead of queueing and hanging.
    disableOfflineQueue: true,
    // A command not yet written fails past the deadline (node-redis's own timeout stops there).
    commandOptions: { timeout: REDIS_DEADLINE_MS },
    socket: {
      connectTimeout: 5_000,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 3_000),
    },
  });

export type RedisClient = ReturnType<typeof connectOptions>;

/** How often the watchdog checks that Redis still answers. */
const WATCH_EVERY_MS = 1_000;
/** How late a timer of this process may fire before the watchdog takes it for a stall of its own. */
const STALL_MS = 500;
/**
 * How many times a deadline starts again after such stalls: a process busy over and over must
 * still notice a Redis gone (with no limit, 700 ms stalls kept it from ever doing so: a review).
 */
const STALL_RESTARTS = 2;

/**
 * node-redis times a command only until it is written: on a network that drops packets, the
 * connection stays open and every request waits forever. The watchdog pings Redis; when a ping
 * gets no answer within REDIS_DEADLINE_MS it drops the connection, which fails every waiting
 * command (the requests answer 503), and connects again. While the new connection is not ready,
 * commands fail at once (no offline queue).
 */
function watchAnswers(client: RedisClient, logger: Logger): void {
  let checking = false;
  let recycling = false;
  const timer = setInterval(() => {
    if (checking || !client.isReady) return;
    checking = true;
    let late: NodeJS.Timeout | undefined;
    let settled = false;
    // The deadline counts while this process runs. After a stall of its own (a flood of work), the
    // deadline's timer ran before the socket's data, which held the answer all along, and the ping
    // itself may have gone out only at the stall's end (node-redis writes on a later turn): every
    // connection was dropped for a Redis that answered at once. So the answers that came are read
    // first, and a deadline whose timer fired over STALL_MS late starts again (twice at most).
    const deadline = new Promise<'late'>((resolve) => {
      let restarts = 0;
      const wait = () => {
        const due = performance.now() + REDIS_DEADLINE_MS;
        late = setTimeout(
          () =>
            setImmediate(() => {
              if (settled) return;
              if (performance.now() - due > STALL_MS && restarts++ < STALL_RESTARTS) wait();
              else resolve('late');
            }),
          REDIS_DEADLINE_MS,
        );
      };
      wait();
    });
    void Promise.race([client.ping().catch(() => 'failed'), deadline])
      .then((answer) => {
        if (answer !== 'late' || !client.isOpen) return;
        logger.warn({ deadlineMs: REDIS_DEADLINE_MS }, 'redis did not answer in time; reconnecting');
        recycling = true;
        client.destroy();
        recycling = false;
        client.connect().catch(() => undefined);
      })
      .finally(() => {
        settled = true;
        clearTimeout(late);
        checking = false;
      });
  }, WATCH_EVERY_MS);
  timer.unref();
  // Closed by its owner (quit, destroy): nothing more to watch.
  client.on('end', () => recycling || clearInterval(timer));
}

/** A node-redis client that reconnects with backoff and logs, instead of throwing, while Redis is away. */
export function createRedisClient(url: string, logger: Logger): RedisClient {
  const client = connectOptions(url);
  watchAnswers(client, logger);
  let reported = false;
  client.on('error', (error: Error) => {
    if (!reported) logger.warn({ err: error }, 'redis connection error');
    reported = true;
  });
  client.on('ready', () => {
    if (reported) logger.info('redis connection restored');
    reported = false;
  });
  return client;
}

/**
 * How long a service starting waits for Redis (which may come up after it) before it gives up and
 * exits, as it does without PostgreSQL: a process that waits for ever, neither listening nor
 * failing, tells its operator nothing.
 */
export const REDIS_STARTUP_WAIT_MS = 20_000;

/** Connects `clients`, or fails naming Redis's address (never its password) after `waitMs`. */
export async function connectAtStart(url: string, clients: RedisClient[], waitMs = REDIS_STARTUP_WAIT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const { hostname, port } = new URL(url);
      reject(new StartupError(`Redis did not answer at ${hostname}:${port || 6379} (REDIS_URL) within ${waitMs / 1_000} s`));
    }, waitMs);
  });
  try {
    await Promise.race([Promise.all(clients.map((client) => client.connect())), late]);
  } catch (error) {
    for (const client of clients) if (client.isOpen) client.destroy();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
