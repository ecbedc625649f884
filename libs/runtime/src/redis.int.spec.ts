import { Writable } from 'node:stream';
import { createLogger } from './logger';
import { createRedisClient, REDIS_DEADLINE_MS } from './redis';

describe('the Redis watchdog', () => {
  it('keeps a connection whose answer came while this process was busy past the deadline', async () => {
    const logs: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    const client = createRedisClient(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', createLogger('test', 'info', sink));
    await client.connect();
    try {
      let ends = 0;
      client.on('end', () => ends++);
      // This process busy past the deadline just after each of the watchdog's pings goes out (a
      // flood of work): Redis answers at once, while the process cannot read it.
      const ping = client.ping.bind(client);
      let stalls = 0;
      const stalling = (...args: Parameters<typeof ping>) => {
        const answer = ping(...args);
        if (stalls++ < 3) {
          setImmediate(() => {
            const busyUntil = performance.now() + REDIS_DEADLINE_MS + 500;
            while (performance.now() < busyUntil);
          });
        }
        return answer;
      };
      Object.defineProperty(client, 'ping', { value: stalling });
      await new Promise((resolve) => setTimeout(resolve, 4 * (REDIS_DEADLINE_MS + 1_000)));
      expect(stalls).toBeGreaterThanOrEqual(3);
      expect(logs.join('')).not.toContain('redis did not answer in time');
      expect(ends).toBe(0);
      expect(await client.ping()).toBe('PONG');
    } finally {
      await client.quit();
    }
  }, 30_000);
});
