import { createServer } from 'node:net';
import { demoStorage, ensurePortFree } from './demo-env';
import { freePort } from './redis-server';

describe("the demo's storage and ports", () => {
  it("keeps its data apart from npm start's unless told where: its own database and Redis prefix", () => {
    expect(demoStorage({})).toEqual({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/findclips_demo',
      REDIS_KEY_PREFIX: 'demo:',
    });
    expect(demoStorage({ DATABASE_URL: 'postgres://me@db.internal:6543/mine', REDIS_KEY_PREFIX: 'x:' })).toEqual({
      DATABASE_URL: 'postgres://me@db.internal:6543/mine',
      REDIS_KEY_PREFIX: 'x:',
    });
    // Set but empty is unset, as every service reads it.
    expect(demoStorage({ DATABASE_URL: ' ', REDIS_KEY_PREFIX: '' }).REDIS_KEY_PREFIX).toBe('demo:');
  });

  it('says a port is taken, naming its variable, and finds a free one free', async () => {
    const port = await freePort();
    await expect(ensurePortFree(port, 'PORT')).resolves.toBeUndefined();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(port, resolve));
    try {
      await expect(ensurePortFree(port, 'PORT')).rejects.toThrow(
        `port ${port} (PORT) is in use: is Find Clips already running (npm start, or another demo)? Stop it, or set PORT to a free port`,
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
