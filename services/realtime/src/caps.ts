import type { RedisClient } from '@findclips/runtime';

/** Drops the places older than ARGV[2] ms, answers the places still taken, and takes ARGV[1]'s (by Redis's clock). */
const TAKE_PLACE = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
local ahead = redis.call('ZRANGE', KEYS[1], 0, -1)
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return ahead
`;

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

  /**
   * Takes a place for `socketId` under `room`'s cap: the handshakes that came before it and are
   * still being admitted. One script, so that the order is the order Redis took them in.
   */
  async ahead(room: string, socketId: string): Promise<string[]> {
    const ahead = await this.redis.eval(TAKE_PLACE, { keys: [this.key(room)], arguments: [socketId, String(ADMITTING_MS)] });
    return ahead as string[];
  }

  /** Lets the places of `socketId` go: it has joined its rooms, or was refused. */
  async done(rooms: string[], socketId: string): Promise<void> {
    const multi = this.redis.multi();
    for (const room of rooms) multi.zRem(this.key(room), socketId);
    await multi.exec();
  }
}
