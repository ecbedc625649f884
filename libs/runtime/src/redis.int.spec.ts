import { logLines, tcpProxy } from '@findclips/testing';
import { createLogger } from './logger';
import { createRedisClient, REDIS_DEADLINE_MS } from './redis';

describe('the Redis watchdog', () => {
  it('keeps a connection whose answer came while this process was busy past the deadline', async () => {
    const { lines: logs, stream } = logLines();
    // Redis a hop away (a relay), as on another host: its answer takes a few turns to arrive.
    const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const relay = await tcpProxy(Number(redis.port || 6379), redis.hostname);
    const client = createRedisClient(`redis://127.0.0.1:${relay.port}`, createLogger('test', 'info', stream));
    await client.connect();
    try {
      let ends = 0;
      client.on('end', () => ends++);
      // This process busy past the deadline around the watchdog's pings (a flood of work): before
      // the ping is written (node-redis writes on a later turn), and after. Redis answers each at
      // once, while the process cannot read it.
      const ping = client.ping.bind(client);
      const busy = () => {
        const busyUntil = performance.now() + REDIS_DEADLINE_MS + 500;
        while (performance.now() < busyUntil);
      };
      let stalls = 0;
      const stalling = (...args: Parameters<typeof ping>) => {
        const answer = ping(...args);
        stalls++;
        if (stalls <= 2) busy();
        else if (stalls <= 4) setImmediate(busy);
        return answer;
      };
      Object.defineProperty(client, 'ping', { value: stalling });
      await new Promise((resolve) => setTimeout(resolve, 6 * (REDIS_DEADLINE_MS + 1_000)));
      expect(stalls).toBeGreaterThanOrEqual(5);
      expect(logs.join('')).not.toContain('redis did not answer in time');
      expect(ends).toBe(0);
      expect(await client.ping()).toBe('PONG');
    } finally {
      await client.quit();
      await relay.close();
    }
  }, 40_000);

  it('still drops a Redis that stopped answering while this process is busy over and over', async () => {
    const { lines: logs, stream } = logLines();
    const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const relay = await tcpProxy(Number(redis.port || 6379), redis.hostname);
    const client = createRedisClient(`redis://127.0.0.1:${relay.port}`, createLogger('test', 'info', stream));
    client.on('error', () => undefined);
    await client.connect();
    try {
      // The network drops everything, while the process blocks 1.5 s at a time with a moment between.
      relay.blackHole();
      const started = performance.now();
      while (!logs.join('').includes('redis did not answer in time') && performance.now() - started < 25_000) {
        const busyUntil = performance.now() + 1_500;
        while (performance.now() < busyUntil);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(logs.join('')).toContain('redis did not answer in time');
      expect(performance.now() - started).toBeLessThan(20_000);
    } finally {
      await client.disconnect().catch(() => undefined);
      await relay.close();
    }
  }, 40_000);
});
