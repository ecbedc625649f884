import type { RedisClient } from '@findclips/runtime';

/** How long a handshake's place in the queue for a cap is kept (it is let go once the socket has joined its rooms). */
const ADMITTING_MS = 10_000;

/**
 * The handshakes being admitted under each cap, over every instance: a sorted set per room, by
 * when they came. Counting only the sockets already in a room let handshakes that arrive together
 * all pass (each saw the room before the others joined it); each now also counts those that came
 * before it and have not joined yet (each socket once, by its id, whether it has joined or not).
 */
export class Admissions {
  constructor(
    private readonly redis: RedisClient,
    private readonly key: (room: string) => string,
  ) {}

  /** Takes a place for `socketId` under `room`'s cap: the handshakes that came before it and are still being admitted. */
  async ahead(room: string, socketId: string): Promise<string[]> {
    const key = this.key(room);
    const now = Date.now();
    const replies = await this.redis
      .multi()
      .zRemRangeByScore(key, 0, now - ADMITTING_MS)
      .zAdd(key, { score: now, value: socketId })
      .zRange(key, 0, -1)
      .pExpire(key, ADMITTING_MS)
      .exec();
    const queue = (replies[2] as unknown as string[]) ?? [];
    return queue.slice(0, Math.max(0, queue.indexOf(socketId)));
  }

  /** Lets the places of `socketId` go: it has joined its rooms, or was refused. */
  async done(rooms: string[], socketId: string): Promise<void> {
    const multi = this.redis.multi();
    for (const room of rooms) multi.zRem(this.key(room), socketId);
    await multi.exec();
  }
}
