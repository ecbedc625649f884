import { randomUUID } from 'node:crypto';
import { socketMessages, type AnalysisEvent } from '@findclips/contracts';
import { analysisEvent, publishAnalysisEvent } from '@findclips/queue';
import { createLogger, createRedisClient, redisKeys, type RedisClient } from '@findclips/runtime';
import { sessionIdOf, strongPassword, tcpProxy, uniqueEmail, until as waitUntil, type TcpProxy } from '@findclips/testing';
import { startTestGateway, type TestGateway } from '../../../services/gateway/src/test/harness';
import { startTestRealtime, type TestRealtime } from '../../../services/realtime/src/test/harness';
import {
  LIVE_OPTIONS,
  LiveChannel,
  MANUAL_RECONNECT_MS,
  type ConnectionStatus,
  type LiveChannelOptions,
  type LiveIdentity,
} from './live';

/**
 * The web app's live channel against a real realtime instance on the real Redis:
 * it joins the current room, keeps it across server-side and network disconnects, and drops
 * events for other videos.
 */
describe('live channel: reconnects and rejoins the current room', () => {
  const prefix = `fc:test:${randomUUID()}:`;
  let gateway: TestGateway;
  let realtime: TestRealtime;
  let publisher: RedisClient;
  const channels: LiveChannel[] = [];
  const proxies: TcpProxy[] = [];

  beforeAll(async () => {
    realtime = await startTestRealtime(prefix);
    gateway = await startTestGateway({ REDIS_KEY_PREFIX: prefix, REALTIME_URL: realtime.url });
    publisher = createRedisClient(process.env.REDIS_URL!, createLogger('test', 'silent'));
    await publisher.connect();
  });
  afterEach(async () => {
    for (const channel of channels.splice(0)) channel.close();
    for (const proxy of proxies.splice(0)) await proxy.close();
  });
  afterAll(async () => {
    await publisher.quit();
    await gateway.close();
    await realtime.close();
  });

  /** A guest as the browser holds one: the gid cookie the gateway set. */
  async function guest() {
    const res = await gateway.request().get('/api/guest/credits').expect(200);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    return { cookie, guestId: cookie.split('=')[1]! };
  }

  /** A channel that records what it sees; `identity` may change over time. */
  function open(
    url: string,
    cookie: string,
    identity: () => LiveIdentity | null,
    more: Pick<LiveChannelOptions, 'visibility' | 'hiddenReleaseMs' | 'retryMs' | 'onSessionEnded'> = {},
  ) {
    const seen = {
      events: [] as AnalysisEvent[],
      joins: [] as { videoId: string; at: number }[],
      statuses: [] as ConnectionStatus[],
    };
    const channel = new LiveChannel({
      url,
      extraHeaders: { cookie },
      identity,
      onEvent: (event) => seen.events.push(event),
      onJoined: (videoId) => seen.joins.push({ videoId, at: Date.now() }),
      onStatus: (status) => seen.statuses.push(status),
      ...more,
    });
    channels.push(channel);
    return { channel, seen };
  }

  /** A browser tab's visibility as the test shows and hides it. */
  function fakeTab(hidden: boolean) {
    let changed = () => undefined as void;
    return {
      hidden: () => hidden,
      onChange: (listener: () => void) => {
        changed = listener;
        return () => undefined;
      },
      set(now: boolean) {
        hidden = now;
        changed();
      },
    };
  }

  const until = (check: () => boolean, timeoutMs = 8_000) => waitUntil(check, timeoutMs, 'the condition', 20);
  const publish = (event: AnalysisEvent) => publishAnalysisEvent(publisher, prefix, event);
  /**
   * Publishes a marker (ANALYSIS_STARTED, which the tests publish for nothing else) for `videoId`
   * and waits for it: Redis keeps order, so everything published before it has arrived.
   */
  const settle = async (seen: { events: AnalysisEvent[] }, videoId: string) => {
    const markers = () => seen.events.filter((e) => e.type === 'ANALYSIS_STARTED').length;
    const before = markers();
    await publish(analysisEvent('ANALYSIS_STARTED', videoId));
    await until(() => markers() > before);
  };

  it('reconnects 5 times, 1 to 5 s apart, with a 10 s timeout', () => {
    expect(LIVE_OPTIONS).toMatchObject({
      transports: ['polling'],
      withCredentials: true,
      reconnectionAttempts: 5,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      timeout: 10_000,
    });
    expect(MANUAL_RECONNECT_MS).toBe(1_000);
  });

  it('gives its connection back while its tab is hidden, and rejoins its video once the tab shows again', async () => {
    const { cookie, guestId } = await guest();
    const tab = fakeTab(false);
    const { channel, seen } = open(realtime.url, cookie, () => ({ guestId }), { visibility: tab, hiddenReleaseMs: 300 });
    channel.watch('liveVideo05');
    channel.connect();
    await until(() => seen.joins.length === 1);

    tab.set(true);
    await until(() => !channel.connected);
    expect(seen.statuses.at(-1)).toBe('disconnected');
    // A video followed meanwhile is joined once the tab shows.
    channel.watch('liveVideo06');
    expect(channel.connected).toBe(false);

    tab.set(false);
    await until(() => seen.joins.length === 2);
    expect(seen.joins[1]!.videoId).toBe('liveVideo06');
    await publish(analysisEvent('VIDEO_ANALYZED', 'liveVideo06'));
    await settle(seen, 'liveVideo06');
    expect(seen.events.map((e) => [e.type, e.videoId])).toEqual([
      ['VIDEO_ANALYZED', 'liveVideo06'],
      ['ANALYSIS_STARTED', 'liveVideo06'],
    ]);
  });

  it('gives its connection back when it opens in a tab already hidden (a link opened in the background)', async () => {
    const { cookie, guestId } = await guest();
    const tab = fakeTab(true);
    const { channel, seen } = open(realtime.url, cookie, () => ({ guestId }), { visibility: tab, hiddenReleaseMs: 300 });
    channel.watch('liveVideo07');
    channel.connect();
    await until(() => seen.statuses.includes('connected') && !channel.connected);
    expect(channel.connected).toBe(false);
    tab.set(false);
    await until(() => seen.joins.some((join) => join.videoId === 'liveVideo07') && channel.connected);
    expect({ connected: channel.connected, room: seen.joins.at(-1)?.videoId }).toEqual({ connected: true, room: 'liveVideo07' });
  });

  it('rejoins the current room 1 s after the server drops it, delivering each event once', async () => {
    const { cookie, guestId } = await guest();
    const { channel, seen } = open(realtime.url, cookie, () => ({ guestId }));
    channel.watch('liveVideo01');
    channel.connect();
    await until(() => seen.joins.length === 1);
    expect(seen.joins[0]!.videoId).toBe('liveVideo01');

    await publish(analysisEvent('ANALYSIS_ERROR', 'otherVideo1', { errorType: 'NO_TRANSCRIPT', errorMessage: 'No captions' }));
    await publish(analysisEvent('VIDEO_ANALYZED', 'liveVideo01'));
    await settle(seen, 'liveVideo01');
    expect(seen.events.map((e) => [e.type, e.videoId])).toEqual([
      ['VIDEO_ANALYZED', 'liveVideo01'],
      ['ANALYSIS_STARTED', 'liveVideo01'],
    ]);

    const dropped = Date.now();
    realtime.disconnectAll();
    await until(() => seen.joins.length === 2);
    const waited = seen.joins[1]!.at - dropped;
    expect(waited).toBeGreaterThanOrEqual(MANUAL_RECONNECT_MS);
    expect(waited).toBeLessThan(MANUAL_RECONNECT_MS + 2_000);
    expect(seen.joins[1]!.videoId).toBe('liveVideo01');
    expect(seen.statuses).toContain('disconnected');
    expect(channel.connected).toBe(true);

    seen.events.length = 0;
    await publish(analysisEvent('VIDEO_ANALYZED', 'liveVideo01'));
    await settle(seen, 'liveVideo01');
    expect(seen.events.map((e) => e.type)).toEqual(['VIDEO_ANALYZED', 'ANALYSIS_STARTED']);
  });

  it('leaves the video it followed when it follows another: a socket allowed one room follows video after video', async () => {
    const oneRoom = await startTestRealtime(prefix, { REALTIME_MAX_ROOMS: '1' });
    try {
      const { cookie, guestId } = await guest();
      const { channel, seen } = open(oneRoom.url, cookie, () => ({ guestId }));
      channel.watch('oneRoomVid1');
      channel.connect();
      await until(() => seen.joins.length === 1);
      for (const [i, videoId] of ['oneRoomVid2', 'oneRoomVid3'].entries()) {
        channel.watch(videoId);
        await until(() => seen.joins.length === i + 2);
      }
      expect(seen.joins.map((join) => join.videoId)).toEqual(['oneRoomVid1', 'oneRoomVid2', 'oneRoomVid3']);
    } finally {
      for (const channel of channels.splice(0)) channel.close();
      await oneRoom.close();
    }
  });

  it('tells the page of a join only for the video it follows now, not one it passed on before the server confirmed it', async () => {
    const { cookie, guestId } = await guest();
    const { channel, seen } = open(realtime.url, cookie, () => ({ guestId }));
    channel.watch('passedVideo');
    channel.connect();
    await until(() => seen.joins.length === 1);
    // Two videos followed in a row: the first one's confirmation comes when the page has moved on.
    channel.watch('skippedVid1');
    channel.watch('keptVideo01');
    await until(() => seen.joins.some((join) => join.videoId === 'keptVideo01'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.joins.map((join) => join.videoId)).toEqual(['passedVideo', 'keptVideo01']);
  });

  it('gives the page no event of a video it no longer follows, though the server still sends it', async () => {
    // One join a minute: the second video's join is refused, so its socket stays in the first's room.
    const limited = await startTestRealtime(prefix, { REALTIME_JOINS_PER_MINUTE: '1' });
    try {
      const { cookie, guestId } = await guest();
      const { channel, seen } = open(limited.url, cookie, () => ({ guestId }));
      const other = await guest();
      const fence = open(limited.url, other.cookie, () => ({ guestId: other.guestId }));
      for (const { channel: each } of [{ channel }, fence]) {
        each.watch('firstVideo1');
        each.connect();
      }
      await until(() => seen.joins.length === 1 && fence.seen.joins.length === 1);
      channel.watch('secondVideo');
      await publish(analysisEvent('VIDEO_ANALYZED', 'firstVideo1'));
      await until(() => fence.seen.events.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seen.events).toEqual([]);
    } finally {
      for (const channel of channels.splice(0)) channel.close();
      await limited.close();
    }
  });

  it('reconnects by itself after the network drops, and rejoins the room it follows now', async () => {
    const { cookie, guestId } = await guest();
    const proxy = await tcpProxy(Number(new URL(realtime.url).port));
    proxies.push(proxy);
    const { channel, seen } = open(`http://127.0.0.1:${proxy.port}`, cookie, () => ({ guestId }));
    channel.watch('liveVideo02');
    channel.connect();
    await until(() => seen.joins.length === 1);

    await proxy.cut();
    await until(() => !channel.connected);
    // The person opens another video while offline: the channel follows it on reconnect.
    channel.watch('liveVideo03');
    await proxy.restore();
    await until(() => seen.joins.length === 2, 10_000);
    expect(seen.joins[1]!.videoId).toBe('liveVideo03');

    await publish(analysisEvent('VIDEO_ANALYZED', 'liveVideo02'));
    await publish(analysisEvent('VIDEO_ANALYZED', 'liveVideo03'));
    await settle(seen, 'liveVideo03');
    expect(seen.events.map((e) => [e.type, e.videoId])).toEqual([
      ['VIDEO_ANALYZED', 'liveVideo03'],
      ['ANALYSIS_STARTED', 'liveVideo03'],
    ]);
  });

  it('waits locally until a visitor has a guest id, then connects as that guest', async () => {
    const { cookie, guestId } = await guest();
    let known: string | null = null;
    const { channel, seen } = open(realtime.url, cookie, () => (known ? { guestId: known } : null));
    const socketsBefore = realtime.stats().sockets;
    channel.watch('liveVideo04');
    channel.connect();
    await new Promise((r) => setTimeout(r, MANUAL_RECONNECT_MS + 300));
    // Nobody to connect as: no request reached the server.
    expect(realtime.stats().sockets).toBe(socketsBefore);
    expect(seen.statuses).toEqual([]);

    known = guestId;
    await until(() => seen.joins.length === 1, 3_000);
    await settle(seen, 'liveVideo04');
    expect(seen.events.map((e) => e.videoId)).toEqual(['liveVideo04']);
  });

  it("tells the page when the service says this browser's session has ended or is no longer the member's", async () => {
    const registered = await gateway
      .request()
      .post('/api/register')
      .send({ email: uniqueEmail('live-ended'), password: strongPassword() })
      .expect(201);
    const cookie = String(registered.headers['set-cookie']).split(';')[0]!;
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      let ended = 0;
      /** This browser's channel, as the member says who they are. */
      const connected = () => {
        const channel = new LiveChannel({
          url: realtime.url,
          extraHeaders: { cookie },
          identity: () => ({ userId: registered.body.id as number }),
          onEvent: () => undefined,
          onJoined: () => undefined,
          onSessionEnded: () => ended++,
        });
        channels.push(channel);
        channel.connect();
        return channel;
      };
      const signedIn = connected();
      await until(() => signedIn.connected);
      expect(ended).toBe(0);
      signedIn.close();
      // The session gone from Redis (expired), the same browser's next connection is refused as ended.
      expect(await publisher.del(`${redisKeys(prefix).sessions}${sessionIdOf(cookie)}`)).toBe(1);
      const expired = connected();
      await until(() => ended === 1);
      expired.close();
      // A member's claim on a browser whose session is now a guest's (signed out, the answer lost
      // on its way back) is the same news: the page asks who is signed in.
      const { cookie: guestCookie } = await guest();
      let asked = 0;
      const { channel: wrong, seen } = open(realtime.url, guestCookie, () => ({ userId: 987_655 }), {
        onSessionEnded: () => asked++,
      });
      wrong.connect();
      await until(() => seen.statuses.includes('disconnected'));
      await until(() => asked >= 1);
    } finally {
      warnings.mockRestore();
    }
  });

  it('stops after 5 reconnects the server refuses (a member signed out in another tab), until it follows another video', async () => {
    const { cookie } = await guest();
    // This browser's session is gone, but the page still says who it was.
    const { channel, seen } = open(realtime.url, cookie, () => ({ userId: 987_654 }));
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      channel.watch('liveVideo06');
      channel.connect();
      const attempts = () => seen.statuses.filter((s) => s === 'connecting').length;
      await until(() => seen.statuses.at(-1) === 'error' && attempts() === 6, 15_000);
      await new Promise((r) => setTimeout(r, 2 * MANUAL_RECONNECT_MS + 500));
      expect(attempts()).toBe(6);
      expect(seen.joins).toEqual([]);
      expect(warnings).toHaveBeenCalledWith('live connection: refused, no longer reconnecting');
      // Following another video tries again (as the page regaining focus does).
      channel.watch('liveVideo07');
      await until(() => attempts() === 7, 3_000);
    } finally {
      warnings.mockRestore();
    }
  });

  it('tries again after the service refuses it at the handshake (too many connections), and connects once another closes', async () => {
    const capped = await startTestRealtime(prefix, { REALTIME_SOCKETS_PER_GUEST: '1' });
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { cookie, guestId } = await guest();
      const first = open(capped.url, cookie, () => ({ guestId }));
      first.channel.watch('liveVideo08');
      first.channel.connect();
      await until(() => first.seen.joins.length === 1);

      const second = open(capped.url, cookie, () => ({ guestId }));
      second.channel.watch('liveVideo09');
      second.channel.connect();
      const attempts = () => second.seen.statuses.filter((s) => s === 'connecting').length;
      await until(() => attempts() >= 2, 5_000);
      expect(warnings).toHaveBeenCalledWith('live connection failed:', socketMessages.tooManySockets);
      expect(second.seen.joins).toEqual([]);

      // The other tab closes: this one gets in on its next try and joins its video.
      first.channel.close();
      await until(() => second.seen.joins.length === 1, 5_000);
      expect(second.channel.connected).toBe(true);
    } finally {
      warnings.mockRestore();
      for (const channel of channels.splice(0)) channel.close();
      await capped.close();
    }
  });

  it("after Socket.IO's 5 reconnections fail, starts them again by itself a while later, and rejoins its video", async () => {
    const { cookie, guestId } = await guest();
    const proxy = await tcpProxy(Number(new URL(realtime.url).port));
    proxies.push(proxy);
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { channel, seen } = open(`http://127.0.0.1:${proxy.port}`, cookie, () => ({ guestId }), { retryMs: 3_000 });
      channel.watch('liveVideo12');
      channel.connect();
      await until(() => seen.joins.length === 1);

      await proxy.cut();
      await until(() => warnings.mock.calls.some(([text]) => text === 'live connection: reconnection failed'), 40_000);
      // The service is back; nobody touches the page.
      await proxy.restore();
      await until(() => seen.joins.length === 2, 10_000);
      expect(seen.joins[1]!.videoId).toBe('liveVideo12');
      expect(channel.connected).toBe(true);
    } finally {
      warnings.mockRestore();
    }
  }, 60_000);

  it("after Socket.IO's 5 reconnections fail, connects again at once when it follows another video (as when the page is back in use)", async () => {
    const { cookie, guestId } = await guest();
    const proxy = await tcpProxy(Number(new URL(realtime.url).port));
    proxies.push(proxy);
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { channel, seen } = open(`http://127.0.0.1:${proxy.port}`, cookie, () => ({ guestId }), { retryMs: 60_000 });
      channel.watch('liveVideo10');
      channel.connect();
      await until(() => seen.joins.length === 1);

      await proxy.cut();
      // Five tries 1 to 5 s apart, then it gives up.
      await until(() => warnings.mock.calls.some(([text]) => text === 'live connection: reconnection failed'), 40_000);
      expect(seen.statuses.at(-1)).toBe('error');
      await proxy.restore();
      channel.watch('liveVideo11');
      await until(() => seen.joins.length === 2, 5_000);
      expect(seen.joins[1]!.videoId).toBe('liveVideo11');
    } finally {
      warnings.mockRestore();
    }
  }, 60_000);

  it('stops for good when closed', async () => {
    const { cookie, guestId } = await guest();
    const { channel, seen } = open(realtime.url, cookie, () => ({ guestId }));
    channel.watch('liveVideo05');
    channel.connect();
    await until(() => seen.joins.length === 1);
    channel.close();
    realtime.disconnectAll();
    await new Promise((r) => setTimeout(r, MANUAL_RECONNECT_MS + 500));
    expect(channel.connected).toBe(false);
    expect(seen.joins).toHaveLength(1);
  });
});
