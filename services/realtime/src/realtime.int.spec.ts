import { DEV_SESSION_SECRET } from '@findclips/config';
import { randomUUID } from 'node:crypto';
import { getServers, setServers } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import { socketMessages, X_FEATURES_DISABLED_MESSAGE, type AnalysisEvent } from '@findclips/contracts';
import { analysisEvent, publishAnalysisEvent } from '@findclips/queue';
import { createLogger, createRedisClient, redisKeys, signedClientAddress, type RedisClient } from '@findclips/runtime';
import {
  fakeDns,
  fence,
  metricSample,
  sessionIdOf,
  strongPassword,
  tcpProxy,
  uniqueEmail,
  until as waitUntil,
  type FakeDns,
  type TcpProxy,
} from '@findclips/testing';
import type { Socket } from 'socket.io-client';
import { RealtimeInstances } from '../../gateway/src/http/realtime-proxy';
import { startTestGateway, type TestGateway } from '../../gateway/src/test/harness';
import { RELAY_DOWN } from './realtime.server';
import { client, nextOf, startTestRealtime, type TestRealtime } from './test/harness';

const until = (check: () => Promise<boolean>, timeoutMs = 5_000) => waitUntil(check, timeoutMs, 'the condition', 20);

/** A guest (their cookie) whom a gateway that knows the realtime instances `targets` sends to `target`. */
async function guestPinnedTo(gateway: TestGateway, targets: readonly [string, ...string[]], target: string) {
  const ranking = new RealtimeInstances(targets);
  for (;;) {
    const res = await gateway.request().get('/api/guest/credits').expect(200);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const request = { headers: { cookie }, socket: {} } as IncomingMessage;
    if (ranking.pick(RealtimeInstances.clientKey(request)) === target) return cookie;
  }
}

describe('realtime: live analysis events over Socket.IO across instances', () => {
  const prefix = `fc:test:${randomUUID()}:`;
  let gateway: TestGateway;
  let one: TestRealtime;
  let two: TestRealtime;
  let publisher: RedisClient;
  const sockets: Socket[] = [];
  const open = (url: string, options?: Parameters<typeof client>[1]) => {
    const socket = client(url, options);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    one = await startTestRealtime(prefix, { REALTIME_AUTH_TIMEOUT_MS: '300' });
    two = await startTestRealtime(prefix, { REALTIME_AUTH_TIMEOUT_MS: '300' }, { sessionCheckMs: 300 });
    gateway = await startTestGateway({ REDIS_KEY_PREFIX: prefix, REALTIME_URL: one.url });
    publisher = createRedisClient(process.env.REDIS_URL!, createLogger('test', 'silent'));
    await publisher.connect();
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await publisher.quit();
    // The gateway last: the clients' last polls go through it, and a session they leave open
    // keeps its timers (and jest's worker) alive.
    await one.close();
    await two.close();
    await gateway.close();
  });

  /** A signed-in member: their session cookie and id. */
  async function member() {
    const res = await gateway
      .request()
      .post('/api/register')
      .send({ email: uniqueEmail('live'), password: strongPassword() })
      .expect(201);
    return { cookie: String(res.headers['set-cookie']).split(';')[0]!, userId: res.body.id as number };
  }
  /** A guest: the gid cookie the gateway gives. */
  async function guest() {
    const res = await gateway.request().get('/api/guest/credits').expect(200);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    return { cookie, guestId: cookie.split('=')[1]! };
  }
  async function joined(socket: Socket, videoId: string) {
    const confirmed = nextOf<{ videoId: string; transactionId: unknown }>(socket, 'JOIN_VIDEO_CONFIRMED');
    socket.emit('join_video', { videoId, leaveOthers: true, transactionId: `t-${videoId}` });
    expect(await confirmed).toEqual({ videoId, transactionId: `t-${videoId}` });
  }
  const publish = (event: AnalysisEvent) => publishAnalysisEvent(publisher, prefix, event);
  /** Every event published so far has reached the sockets of `lists` (a fence, not a sleep). */
  const settled = (rooms: string[], ...lists: AnalysisEvent[][]) => fence(publish, rooms, lists);
  const collect = (socket: Socket) => {
    const got: AnalysisEvent[] = [];
    for (const type of ['ANALYSIS_STARTED', 'VIDEO_ANALYZED', 'ANALYSIS_ERROR'])
      socket.on(type, (e: AnalysisEvent) => void got.push(e));
    return got;
  };

  it('confirms a member from the session cookie and a guest from the gid cookie', async () => {
    const m = await member();
    const g = await guest();
    const memberSocket = open(one.url, { cookie: m.cookie, auth: { userId: m.userId } });
    expect(await nextOf(memberSocket, 'AUTH_CONFIRMED')).toEqual({ kind: 'member', userId: m.userId });
    const guestSocket = open(two.url, { cookie: g.cookie, auth: { guestId: g.guestId } });
    expect(await nextOf(guestSocket, 'AUTH_CONFIRMED')).toEqual({ kind: 'guest', guestId: g.guestId });
  });

  it('refuses a forged userId or guestId, and a forged session cookie', async () => {
    const m = await member();
    const other = await member();
    const forged = open(one.url, { cookie: m.cookie, auth: { userId: other.userId } });
    const [refusal, dropped] = [nextOf(forged, 'AUTH_ERROR'), nextOf(forged, 'disconnect')];
    expect(await refusal).toEqual({ message: socketMessages.userMismatch });
    expect(await dropped).toBe('io server disconnect');

    const noSession = open(one.url, { auth: { userId: m.userId } });
    expect(await nextOf(noSession, 'AUTH_ERROR')).toEqual({ message: socketMessages.userMismatch });

    const g = await guest();
    const wrongGuest = open(one.url, { cookie: g.cookie, auth: { guestId: 'someone-elses-guest-id' } });
    expect(await nextOf(wrongGuest, 'AUTH_ERROR')).toEqual({ message: socketMessages.guestMismatch });

    // A claim of the wrong type matches no one either.
    const fraction = open(one.url, { cookie: m.cookie, auth: { userId: m.userId + 0.5 } });
    expect(await nextOf(fraction, 'AUTH_ERROR')).toEqual({ message: socketMessages.userMismatch });
    const numbered = open(one.url, { cookie: g.cookie, auth: { guestId: 12345 } });
    expect(await nextOf(numbered, 'AUTH_ERROR')).toEqual({ message: socketMessages.guestMismatch });

    const tampered = m.cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const bad = open(one.url, { cookie: tampered, auth: { userId: m.userId } });
    expect(await nextOf(bad, 'AUTH_ERROR')).toEqual({ message: socketMessages.badSession });
  });

  it('drops a socket that never authenticates', async () => {
    const anonymous = open(one.url);
    const dropped = nextOf(anonymous, 'disconnect', 3_000).then(() => Date.now());
    expect(await nextOf(anonymous, 'AUTH_ERROR')).toEqual({ message: socketMessages.notSignedIn });
    const refused = Date.now();
    // After the time it is given to authenticate (300 ms here; 1 s unless configured).
    expect((await dropped) - refused).toBeLessThan(2_000);
  });

  it('joins a socket that has not authenticated to no video while it waits to be dropped', async () => {
    // An instance that waits 5 s, so that the socket is still there when the event comes.
    const patient = await startTestRealtime(prefix, { REALTIME_AUTH_TIMEOUT_MS: '5000' });
    try {
      const g = await guest();
      const watcher = open(patient.url, { cookie: g.cookie, auth: { guestId: g.guestId } });
      await nextOf(watcher, 'AUTH_CONFIRMED');
      const watched = collect(watcher);
      await joined(watcher, 'anonVideo01');

      const anonymous = open(patient.url);
      expect(await nextOf(anonymous, 'AUTH_ERROR')).toEqual({ message: socketMessages.notSignedIn });
      const seen: string[] = [];
      anonymous.onAny((event: string) => void seen.push(event));
      anonymous.emit('join_video', { videoId: 'anonVideo01', leaveOthers: true, transactionId: 'a1' });
      // Asked before the event: were it handled, the socket would be confirmed and sent the event
      // by the time the watcher has it and a fence after it.
      await publish(analysisEvent('VIDEO_ANALYZED', 'anonVideo01'));
      await until(async () => watched.length === 1);
      await settled(['anonVideo01'], watched);
      expect(anonymous.connected).toBe(true);
      expect(seen).toEqual([]);
    } finally {
      await patient.close();
    }
  });

  it('delivers each event exactly once to every client in the room, on both instances', async () => {
    const videoId = 'eventsOnce1';
    const clients = await Promise.all(
      [one, two, one, two].map(async (instance, i) => {
        const identity = i % 2 ? await guest() : await member();
        const socket = open(instance.url, { cookie: identity.cookie });
        await nextOf(socket, 'AUTH_CONFIRMED');
        await joined(socket, videoId);
        return collect(socket);
      }),
    );
    const outsider = open(two.url, { cookie: (await guest()).cookie });
    await nextOf(outsider, 'AUTH_CONFIRMED');
    await joined(outsider, 'otherVideo1');
    const outsiderGot = collect(outsider);

    await publish(analysisEvent('ANALYSIS_STARTED', videoId));
    await publish(analysisEvent('VIDEO_ANALYZED', videoId));
    await publish(
      analysisEvent('ANALYSIS_ERROR', videoId, { errorType: 'NO_TRANSCRIPT', errorMessage: 'No captions', errorCategories: [] }),
    );
    await settled([videoId, 'otherVideo1'], ...clients, outsiderGot);
    for (const got of clients) {
      expect(got.map((e) => e.type)).toEqual(['ANALYSIS_STARTED', 'VIDEO_ANALYZED', 'ANALYSIS_ERROR']);
      expect(got[2]).toMatchObject({
        videoId,
        userId: null,
        errorType: 'NO_TRANSCRIPT',
        errorMessage: 'No captions',
        errorCategories: [],
        sentAt: expect.any(String),
      });
    }
    expect(outsiderGot).toEqual([]);
  });

  it('counts connected sockets and relayed events in its metrics', async () => {
    const value = async (instance: TestRealtime, name: string, type?: string) => {
      const metric = await instance.metrics.getSingleMetric(name)!.get();
      return metric.values.filter((v) => !type || v.labels.type === type).reduce((sum, v) => sum + v.value, 0);
    };
    // Sockets of earlier tests may still be closing: wait for the count to settle.
    await until(async () => (await value(one, 'realtime_connected_sockets')) === 0, 15_000);
    // Both guests first: a socket opened before an await could be confirmed before we listen.
    const guests = [await guest(), await guest()];
    const sockets = guests.map((g) => open(one.url, { cookie: g.cookie }));
    await Promise.all(sockets.map((s) => nextOf(s, 'AUTH_CONFIRMED')));
    expect(await value(one, 'realtime_connected_sockets')).toBe(2);

    const before = [
      await value(one, 'realtime_events_relayed_total', 'VIDEO_ANALYZED'),
      await value(two, 'realtime_events_relayed_total', 'VIDEO_ANALYZED'),
    ];
    await publish(analysisEvent('VIDEO_ANALYZED', 'metricsVid1'));
    // Each instance relays each event once, to its own sockets.
    await until(async () => (await value(two, 'realtime_events_relayed_total', 'VIDEO_ANALYZED')) === before[1]! + 1);
    await until(async () => (await value(one, 'realtime_events_relayed_total', 'VIDEO_ANALYZED')) === before[0]! + 1);
    const text = await one.metrics.metrics();
    expect(text).toMatch(/^realtime_connected_sockets\{service="realtime"\} 2$/m);
  });

  it('leaves other rooms when asked, keeps them otherwise', async () => {
    const socket = open(one.url, { cookie: (await guest()).cookie });
    await nextOf(socket, 'AUTH_CONFIRMED');
    const got = collect(socket);
    await joined(socket, 'roomAAAAAAA');
    const kept = nextOf(socket, 'JOIN_VIDEO_CONFIRMED');
    socket.emit('join_video', { videoId: 'roomBBBBBBB', leaveOthers: false, transactionId: 2 });
    await kept;
    await publish(analysisEvent('VIDEO_ANALYZED', 'roomAAAAAAA'));
    await publish(analysisEvent('VIDEO_ANALYZED', 'roomBBBBBBB'));
    await settled(['roomAAAAAAA'], got);
    expect(got.map((e) => e.videoId)).toEqual(['roomAAAAAAA', 'roomBBBBBBB']);

    await joined(socket, 'roomCCCCCCC'); // leaveOthers: true
    await publish(analysisEvent('VIDEO_ANALYZED', 'roomAAAAAAA'));
    await publish(analysisEvent('VIDEO_ANALYZED', 'roomCCCCCCC'));
    await settled(['roomCCCCCCC'], got);
    expect(got.map((e) => e.videoId)).toEqual(['roomAAAAAAA', 'roomBBBBBBB', 'roomCCCCCCC']);
  });

  it('refuses an invalid video id, too many joins, and X account activation', async () => {
    const socket = open(one.url, { cookie: (await guest()).cookie });
    await nextOf(socket, 'AUTH_CONFIRMED');
    const refused = nextOf(socket, 'JOIN_VIDEO_ERROR');
    socket.emit('join_video', { videoId: 'bad id', transactionId: 'x1' });
    expect(await refused).toEqual({ transactionId: 'x1', message: socketMessages.invalidVideo });
    // A good id with another field wrong is told which field.
    const answers = await Promise.all(
      [{ leaveOthers: 1 }, { transactionId: 'y'.repeat(129) }].map((extra) =>
        socket.timeout(2_000).emitWithAck('join_video', { videoId: 'roomAAAAAAA', ...extra }),
      ),
    );
    expect(answers.map((a: { message: string; transactionId: unknown }) => [a.message, a.transactionId])).toEqual([
      ['leaveOthers must be true or false', null],
      // What the protocol refuses is not sent back.
      ['transactionId must be at most 128 characters long', null],
    ]);
    const objectId = await socket
      .timeout(2_000)
      .emitWithAck('join_video', { videoId: 'bad id', transactionId: { big: 'x'.repeat(9_000) } });
    expect(objectId).toEqual({ success: false, transactionId: null, message: socketMessages.invalidVideo });

    const told = nextOf(socket, 'X_ACCOUNT_ERROR');
    const ack = await socket.timeout(2_000).emitWithAck('activate_x_account', { accountId: 1 });
    expect(ack).toEqual({ success: false, message: X_FEATURES_DISABLED_MESSAGE });
    // A client that listens rather than acknowledges is told as well.
    expect(await told).toEqual({ success: false, message: X_FEATURES_DISABLED_MESSAGE });

    // A message the channel does not take is answered, not left waiting for its acknowledgement;
    // without one it is dropped unanswered. The socket stays.
    const heard: string[] = [];
    socket.onAny((event: string) => heard.push(event));
    socket.emit('leave_video', { videoId: 'roomAAAAAAA' });
    const unknown = await socket.timeout(2_000).emitWithAck('leave_video', { videoId: 'roomAAAAAAA' });
    expect(unknown).toEqual({ success: false, message: socketMessages.unknownMessage });
    expect(heard).toEqual([]);
    expect(await socket.timeout(2_000).emitWithAck('join_video', { videoId: 'roomAAAAAAA', leaveOthers: true })).toMatchObject({
      success: true,
    });
  });

  it('limits joins per socket and rooms per socket', async () => {
    const limited = await startTestRealtime(prefix, { REALTIME_JOINS_PER_MINUTE: '3', REALTIME_MAX_ROOMS: '2' });
    try {
      const socket = open(limited.url, { cookie: (await guest()).cookie });
      await nextOf(socket, 'AUTH_CONFIRMED');
      const answers = [];
      for (const videoId of ['limitAAAAAA', 'limitBBBBBB', 'limitCCCCCC', 'limitDDDDDD']) {
        answers.push(await socket.timeout(2_000).emitWithAck('join_video', { videoId, leaveOthers: false }));
      }
      expect(answers.map((a) => a.success)).toEqual([true, true, false, false]);
      expect(answers[2].message).toBe(socketMessages.tooManyRooms);
      expect(answers[3].message).toBe(socketMessages.tooManyJoins);
    } finally {
      await limited.close();
    }
  });

  it('drops a socket that floods messages past twice its joins a minute, its answers no longer queued; others stay', async () => {
    const limited = await startTestRealtime(prefix, { REALTIME_JOINS_PER_MINUTE: '5' });
    try {
      const bystander = open(limited.url, { cookie: (await guest()).cookie });
      await nextOf(bystander, 'AUTH_CONFIRMED');
      const flooder = open(limited.url, { cookie: (await guest()).cookie, transports: ['websocket'] });
      await nextOf(flooder, 'AUTH_CONFIRMED');
      const answers: string[] = [];
      flooder.on('JOIN_VIDEO_ERROR', ({ message }: { message: string }) => answers.push(message));
      flooder.on('JOIN_VIDEO_CONFIRMED', () => answers.push('joined'));
      const dropped = nextOf<string>(flooder, 'disconnect');
      for (let i = 0; i < 500; i++) flooder.emit('join_video', { videoId: 'floodAAAAAA' });
      expect(await dropped).toBe('io server disconnect');
      // Its budget of 10 at most answered (those read in the tick it was dropped in are not), then why
      // it was dropped: not one answer for each of the 500.
      expect(answers.at(-1)).toBe(socketMessages.tooManyMessages);
      expect(answers.length).toBeLessThanOrEqual(11);
      expect(answers.filter((answer) => answer === 'joined').length).toBeLessThanOrEqual(5);
      expect(bystander.connected).toBe(true);
      expect(await bystander.timeout(2_000).emitWithAck('join_video', { videoId: 'calmAAAAAAA' })).toMatchObject({
        success: true,
      });
    } finally {
      await limited.close();
    }
  });

  it('a video it already follows does not count against its rooms when it joins it again', async () => {
    const limited = await startTestRealtime(prefix, { REALTIME_MAX_ROOMS: '2' });
    try {
      const socket = open(limited.url, { cookie: (await guest()).cookie });
      await nextOf(socket, 'AUTH_CONFIRMED');
      const answers = [];
      for (const videoId of ['againAAAAAA', 'againBBBBBB', 'againAAAAAA']) {
        answers.push(await socket.timeout(2_000).emitWithAck('join_video', { videoId, leaveOthers: false }));
      }
      expect(answers.map((a) => a.success)).toEqual([true, true, true]);
      const got = collect(socket);
      await publish(analysisEvent('VIDEO_ANALYZED', 'againAAAAAA'));
      await until(async () => got.length === 1);
      expect(got.map((e) => e.videoId)).toEqual(['againAAAAAA']);
    } finally {
      await limited.close();
    }
  });

  it("admits a page of an allowed origin that is not the instance's own host, and no other", async () => {
    const allowing = await startTestRealtime(prefix, { ALLOWED_ORIGINS: 'https://app.findclips.test' });
    try {
      const g = await guest();
      for (const origin of ['https://app.findclips.test', 'https://app.findclips.test/']) {
        const allowed = open(allowing.url, { cookie: g.cookie, headers: { origin } });
        expect(await nextOf(allowed, 'AUTH_CONFIRMED')).toEqual({ kind: 'guest', guestId: g.guestId });
      }
      const other = open(allowing.url, { cookie: g.cookie, headers: { origin: 'https://evil.findclips.test' } });
      expect((await nextOf<Error>(other, 'connect_error')).message).toMatch(/xhr poll error|Origin not allowed/);
    } finally {
      await allowing.close();
    }
  });

  it("refuses JSONP polling, whose answers another page could read through a script element with a member's cookie", async () => {
    const { cookie } = await member();
    // What a <script src> of a sibling subdomain's page sends: the member's SameSite=Lax cookie, no Origin.
    const script = { cookie, 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' };
    for (const j of ['j=0', 'j=', '%6A=1', 'x=?&j=0']) {
      const res = await fetch(`${gateway.url}/socket.io/?EIO=4&transport=polling&${j}`, { headers: script });
      const body = await res.text();
      expect({ j, status: res.status, script: body.includes('___eio') }).toEqual({ j, status: 403, script: false });
      expect(JSON.parse(body)).toMatchObject({ message: socketMessages.jsonpRefused });
    }
    // The app's own polls are still admitted.
    const ours = open(gateway.url, { cookie });
    expect(await nextOf(ours, 'AUTH_CONFIRMED')).toMatchObject({ kind: 'member' });
  });

  it("drops a member's connection whose session ended by itself also when the browser still holds a guest cookie", async () => {
    const { cookie, userId } = await member();
    const g = await guest();
    const socket = open(two.url, { cookie: `${cookie}; ${g.cookie}`, auth: { userId } });
    expect(await nextOf(socket, 'AUTH_CONFIRMED')).toEqual({ kind: 'member', userId });
    const told = nextOf(socket, 'AUTH_ERROR');
    const dropped = nextOf<string>(socket, 'disconnect');
    expect(await publisher.del(`${redisKeys(prefix).sessions}${sessionIdOf(cookie)}`)).toBe(1);
    expect(await told).toEqual({ message: socketMessages.badSession });
    expect(await dropped).toBe('io server disconnect');
  });

  it('refuses a session whose credentials changed since it was opened, though it is still stored', async () => {
    const { cookie, userId } = await member();
    const key = `${redisKeys(prefix).sessions}${sessionIdOf(cookie)}`;
    const stored = JSON.parse((await publisher.get(key))!) as { passport: { user: { stamp: unknown } } };
    // As a session opened before a password change on another device, not yet removed.
    stored.passport.user.stamp = 'an-older-stamp';
    await publisher.set(key, JSON.stringify(stored), { KEEPTTL: true });
    const stale = open(one.url, { cookie, auth: { userId } });
    expect(await nextOf(stale, 'AUTH_ERROR')).toEqual({ message: socketMessages.badSession });
  });

  it('takes a gid cookie that is no guest id for no one', async () => {
    const socket = open(one.url, { cookie: 'gid=not%20a%20guest' });
    expect(await nextOf(socket, 'AUTH_ERROR')).toEqual({ message: socketMessages.notSignedIn });
  });

  it('ignores a malformed event on the channel and goes on relaying the next ones', async () => {
    const g = await guest();
    const socket = open(one.url, { cookie: g.cookie });
    await nextOf(socket, 'AUTH_CONFIRMED');
    await joined(socket, 'malformed01');
    const got = collect(socket);
    await publisher.publish(redisKeys(prefix).analysisEvents, '{"type":"VIDEO_ANALYZED"');
    await publisher.publish(redisKeys(prefix).analysisEvents, JSON.stringify({ type: 'VIDEO_ANALYZED' }));
    await publish(analysisEvent('VIDEO_ANALYZED', 'malformed01'));
    await settled(['malformed01'], got);
    expect(got.map((e) => e.videoId)).toEqual(['malformed01']);
  });

  it("sends a private re-analysis's events to its owner's connections only", async () => {
    const owner = await member();
    const other = await member();
    const videoId = 'privateEvt1';
    const ownerSockets = [open(one.url, { cookie: owner.cookie }), open(two.url, { cookie: owner.cookie })];
    const otherSocket = open(one.url, { cookie: other.cookie });
    const all = [...ownerSockets, otherSocket];
    await Promise.all(all.map((socket) => nextOf(socket, 'AUTH_CONFIRMED')));
    for (const socket of all) await joined(socket, videoId);
    const ownerGot = ownerSockets.map(collect);
    const otherGot = collect(otherSocket);
    await publish(analysisEvent('VIDEO_ANALYZED', videoId, { userId: owner.userId }));
    await settled([videoId], ...ownerGot, otherGot);
    for (const got of ownerGot) expect(got).toEqual([expect.objectContaining({ type: 'VIDEO_ANALYZED', userId: owner.userId })]);
    expect(otherGot).toEqual([]);
  });

  it("sends a member's private events of a video only to their connections that follow it, not to one that left it", async () => {
    const owner = await member();
    // One tab moved from the first video to the second; another tab shows a third.
    const [moved, elsewhere] = [open(one.url, { cookie: owner.cookie }), open(two.url, { cookie: owner.cookie })];
    await Promise.all([moved, elsewhere].map((socket) => nextOf(socket, 'AUTH_CONFIRMED')));
    await joined(moved, 'leftVideo01');
    await joined(moved, 'nowVideo001');
    await joined(elsewhere, 'thirdVideo1');
    const [movedGot, elsewhereGot] = [collect(moved), collect(elsewhere)];
    for (const videoId of ['leftVideo01', 'nowVideo001'])
      await publish(analysisEvent('ANALYSIS_STARTED', videoId, { userId: owner.userId }));
    await settled(['nowVideo001', 'thirdVideo1'], movedGot, elsewhereGot);
    expect(movedGot.map((event) => event.videoId)).toEqual(['nowVideo001']);
    expect(elsewhereGot).toEqual([]);
  });

  it("a member's connection replaces the same browser's guest connection", async () => {
    const g = await guest();
    const guestSocket = open(two.url, { cookie: g.cookie });
    await nextOf(guestSocket, 'AUTH_CONFIRMED');
    const dropped = nextOf(guestSocket, 'disconnect');
    const m = await member();
    const memberSocket = open(one.url, { cookie: `${m.cookie}; ${g.cookie}` });
    await nextOf(memberSocket, 'AUTH_CONFIRMED');
    expect(await dropped).toBe('io server disconnect');
  });

  it("a guest who signs up: the browser's guest connections (other tabs) are dropped, its guest being gone", async () => {
    const g = await guest();
    const guestSockets = [open(one.url, { cookie: g.cookie }), open(two.url, { cookie: g.cookie })];
    await Promise.all(guestSockets.map((socket) => nextOf(socket, 'AUTH_CONFIRMED')));
    const dropped = guestSockets.map((socket) => nextOf(socket, 'disconnect'));
    await gateway
      .request()
      .post('/api/register')
      .set('Cookie', g.cookie)
      .send({ email: uniqueEmail('signup'), password: strongPassword() })
      .expect(201);
    expect(await Promise.all(dropped)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('works through the gateway: /socket.io forwarded with polling', async () => {
    const m = await member();
    const socket = open(gateway.url, { cookie: m.cookie, auth: { userId: m.userId } });
    expect(await nextOf(socket, 'AUTH_CONFIRMED')).toEqual({ kind: 'member', userId: m.userId });
    expect(socket.io.engine.transport.name).toBe('polling');
    await joined(socket, 'viaGateway1');
    const got = collect(socket);
    await publish(analysisEvent('VIDEO_ANALYZED', 'viaGateway1'));
    await settled(['viaGateway1'], got);
    expect(got.map((e) => e.type)).toEqual(['VIDEO_ANALYZED']);
  });

  it('forwards WebSocket upgrades through the gateway too', async () => {
    const g = await guest();
    const socket = client(gateway.url, { cookie: g.cookie, transports: ['websocket'] });
    sockets.push(socket);
    expect(await nextOf(socket, 'AUTH_CONFIRMED')).toEqual({ kind: 'guest', guestId: g.guestId });
    expect(socket.io.engine.transport.name).toBe('websocket');
  });

  it('an instance shutting down disconnects its clients, who carry on from another instance', async () => {
    const leaving = await startTestRealtime(prefix);
    const g = await guest();
    const first = open(leaving.url, { cookie: g.cookie });
    await nextOf(first, 'AUTH_CONFIRMED');
    await joined(first, 'failover001');
    const dropped = nextOf<string>(first, 'disconnect');
    await leaving.close();
    expect(await dropped).toBe('io server disconnect');

    const again = open(two.url, { cookie: g.cookie });
    await nextOf(again, 'AUTH_CONFIRMED');
    await joined(again, 'failover001');
    const got = collect(again);
    await publish(analysisEvent('VIDEO_ANALYZED', 'failover001'));
    await settled(['failover001'], got);
    expect(got.map((e) => e.type)).toEqual(['VIDEO_ANALYZED']);
  });

  it('an instance whose Redis subscriber was away says so on /healthz, then drops its clients so they rejoin and read what they missed', async () => {
    const redisPort = Number(new URL(process.env.REDIS_URL!).port || 6379);
    const proxy = await tcpProxy(redisPort, new URL(process.env.REDIS_URL!).hostname);
    const cutOff = await startTestRealtime(prefix, {}, { subscriberUrl: `redis://127.0.0.1:${proxy.port}` });
    try {
      const health = async () => {
        const res = await fetch(`${cutOff.url}/healthz`);
        return { status: res.status, body: await res.json() };
      };
      expect(await health()).toEqual({ status: 200, body: { status: 'ok' } });
      const g = await guest();
      const socket = open(cutOff.url, { cookie: g.cookie });
      await nextOf(socket, 'AUTH_CONFIRMED');
      await joined(socket, 'resync00001');
      const got = collect(socket);

      await proxy.cut();
      await until(async () => (await health()).status === 503);
      expect((await health()).body).toEqual({ status: 'unavailable', message: RELAY_DOWN });
      // Published while the subscriber is away: Redis keeps it for nobody.
      await publish(analysisEvent('VIDEO_ANALYZED', 'resync00001'));
      const dropped = nextOf<string>(socket, 'disconnect', 10_000);
      await proxy.restore();
      // Back: the client is told to reconnect, as after any drop, and rejoins (the app then reads the analysis).
      expect(await dropped).toBe('io server disconnect');
      expect(got).toEqual([]);
      expect(await health()).toEqual({ status: 200, body: { status: 'ok' } });
      expect(metricSample(await cutOff.metrics.metrics(), 'realtime_resyncs_total')).toBe(1);

      const again = open(cutOff.url, { cookie: g.cookie });
      await nextOf(again, 'AUTH_CONFIRMED');
      await joined(again, 'resync00001');
      const after = collect(again);
      await publish(analysisEvent('VIDEO_ANALYZED', 'resync00001'));
      await settled(['resync00001'], after);
      expect(after.map((e) => e.type)).toEqual(['VIDEO_ANALYZED']);

      // A network that drops packets, which closes nothing: the subscriber's watchdog notices, and
      // the instance says so for as long as Redis does not answer (a connection the black hole
      // accepts is no answer: it once said 200 again a second later).
      proxy.blackHole();
      await until(async () => (await health()).status === 503, 10_000);
      const said: number[] = [];
      for (let i = 0; i < 12; i++) {
        said.push((await health()).status);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(new Set(said)).toEqual(new Set([503]));
      const droppedAgain = nextOf<string>(again, 'disconnect', 15_000);
      await proxy.restore();
      expect(await droppedAgain).toBe('io server disconnect');
      expect(metricSample(await cutOff.metrics.metrics(), 'realtime_resyncs_total')).toBe(2);
    } finally {
      await cutOff.close();
      await proxy.close();
    }
  });

  it('an instance whose Redis connection for publishing is away stays up while the others ask it for its sockets, and answers again once back', async () => {
    // The adapter publishes its answers to the other instances without waiting for them: one Redis
    // refused (the connection away, or recycled by its watchdog) was an unhandled rejection, and the
    // process (under `npm start`, every service with it) stopped.
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const redisUrl = new URL(process.env.REDIS_URL!);
    const proxy = await tcpProxy(Number(redisUrl.port || 6379), redisUrl.hostname);
    const cutOff = await startTestRealtime(prefix, {}, { redisUrl: `redis://127.0.0.1:${proxy.port}` });
    try {
      const g = await guest();
      const held = open(cutOff.url, { cookie: g.cookie });
      await nextOf(held, 'AUTH_CONFIRMED');
      await joined(held, 'pubAway0001');

      await proxy.cut();
      // Each handshake on the other instance asks every instance for the sockets under its caps.
      for (let i = 0; i < 2; i++) {
        const socket = open(two.url, { cookie: g.cookie });
        await nextOf(socket, 'AUTH_CONFIRMED');
        socket.disconnect();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unhandled).toEqual([]);
      expect(held.connected).toBe(true);

      await proxy.restore();
      // Back: it admits connections again, and went on relaying to the one it held.
      await until(async () => {
        const socket = open(cutOff.url, { cookie: g.cookie });
        return nextOf(socket, 'AUTH_CONFIRMED', 1_000).then(
          () => true,
          () => false,
        );
      }, 10_000);
      const got = collect(held);
      await settled(['pubAway0001'], got);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await cutOff.close();
      await proxy.close();
    }
  });

  it("refuses a handshake from another site's page, over long-polling and WebSocket", async () => {
    const g = await guest();
    for (const transports of [['polling'], ['websocket']]) {
      const foreign = open(gateway.url, { cookie: g.cookie, transports, headers: { origin: 'https://evil.example' } });
      const failed = await nextOf<Error>(foreign, 'connect_error');
      expect(failed.message).toMatch(/xhr poll error|websocket error|Origin not allowed/);
      expect(foreign.connected).toBe(false);

      const ours = open(gateway.url, { cookie: g.cookie, transports, headers: { origin: gateway.url } });
      expect(await nextOf(ours, 'AUTH_CONFIRMED')).toEqual({ kind: 'guest', guestId: g.guestId });
    }
  });

  it('drops the live connections of a session that signs out, and every one of a user whose password changes', async () => {
    const password = strongPassword();
    const email = uniqueEmail('live-out');
    const registered = await gateway.request().post('/api/register').send({ email, password }).expect(201);
    const userId = registered.body.id as number;
    const first = String(registered.headers['set-cookie']).split(';')[0]!;
    const login = async () => {
      const cookies = (await gateway.request().post('/api/login').send({ email, password }).expect(200)).headers['set-cookie'];
      return ([] as string[])
        .concat(cookies ?? [])
        .find((c) => c.startsWith('fc.sid='))!
        .split(';')[0]!;
    };
    const second = await login();

    const a = open(gateway.url, { cookie: first, auth: { userId } });
    const b = open(two.url, { cookie: second, auth: { userId } });
    await Promise.all([nextOf(a, 'AUTH_CONFIRMED'), nextOf(b, 'AUTH_CONFIRMED')]);
    await joined(b, 'privateVid1');
    const bEvents = collect(b);

    // Signing out ends that session's connection only, on whichever instance it is.
    const aDropped = nextOf<string>(a, 'disconnect');
    await gateway.request().post('/api/logout').set('Cookie', first).expect(200);
    expect(await aDropped).toBe('io server disconnect');
    await publish(analysisEvent('VIDEO_ANALYZED', 'privateVid1', { userId }));
    await until(async () => bEvents.length === 1);
    expect(b.connected).toBe(true);

    // A password change ends every session of the user, and every live connection with it.
    const third = await login();
    const c = open(one.url, { cookie: third, auth: { userId } });
    await nextOf(c, 'AUTH_CONFIRMED');
    const dropped = [nextOf<string>(b, 'disconnect'), nextOf<string>(c, 'disconnect')];
    await gateway
      .request()
      .patch('/api/profile/password')
      .set('Cookie', third)
      .send({ currentPassword: password, newPassword: strongPassword() })
      .expect(200);
    expect(await Promise.all(dropped)).toEqual(['io server disconnect', 'io server disconnect']);
    // A session opened before the change is no one's now: a new connection with its cookie is refused,
    // claiming the member or nobody (it is not read as a visitor without a session).
    const stale = open(one.url, { cookie: second, auth: { userId } });
    expect(await nextOf(stale, 'AUTH_ERROR')).toEqual({ message: socketMessages.badSession });
    const unclaimed = open(two.url, { cookie: second });
    expect(await nextOf(unclaimed, 'AUTH_ERROR')).toEqual({ message: socketMessages.badSession });
  });

  it('drops the live connections of a session that ends by itself (expired, or removed by an operator), telling them why', async () => {
    const { cookie, userId } = await member();
    const socket = open(two.url, { cookie, auth: { userId } });
    await nextOf(socket, 'AUTH_CONFIRMED');
    const told = nextOf(socket, 'AUTH_ERROR');
    const dropped = nextOf<string>(socket, 'disconnect');
    // The session's key gone from Redis, as when its time to live runs out.
    expect(await publisher.del(`${redisKeys(prefix).sessions}${sessionIdOf(cookie)}`)).toBe(1);
    expect(await told).toEqual({ message: socketMessages.badSession });
    expect(await dropped).toBe('io server disconnect');
  });

  it('drops the live connections of a member whose account an operator deletes, though their session is still in Redis', async () => {
    const { cookie, userId } = await member();
    const socket = open(two.url, { cookie, auth: { userId } });
    await nextOf(socket, 'AUTH_CONFIRMED');
    const told = nextOf(socket, 'AUTH_ERROR');
    const dropped = nextOf<string>(socket, 'disconnect');
    // The account's row deleted, as the privacy page's 'have your account deleted' is done: its
    // sessions stay in Redis until their time to live, and a new connection with one is refused.
    await gateway.dataSource.query('DELETE FROM users WHERE id = $1', [userId]);
    expect(await publisher.exists(`${redisKeys(prefix).sessions}${sessionIdOf(cookie)}`)).toBe(1);
    expect(await nextOf(open(two.url, { cookie, auth: { userId } }), 'AUTH_ERROR')).toEqual({
      message: socketMessages.badSession,
    });
    expect(await told).toEqual({ message: socketMessages.badSession });
    expect(await dropped).toBe('io server disconnect');
  });

  it("drops the live connections of a session whose password changed, though the gateway's word of it never came", async () => {
    const { cookie, userId } = await member();
    const socket = open(two.url, { cookie, auth: { userId } });
    await nextOf(socket, 'AUTH_CONFIRMED');
    const told = nextOf(socket, 'AUTH_ERROR');
    const dropped = nextOf<string>(socket, 'disconnect');
    // The password changed in the database only, as if the gateway's message to this service was lost:
    // the session is still in Redis, its stamp no longer the account's.
    await gateway.dataSource.query(`UPDATE users SET password = 'another hash' WHERE id = $1`, [userId]);
    expect(await publisher.exists(`${redisKeys(prefix).sessions}${sessionIdOf(cookie)}`)).toBe(1);
    expect(await told).toEqual({ message: socketMessages.badSession });
    expect(await dropped).toBe('io server disconnect');
  });

  it("drops a member's live connections when another account signs in over their session in the same browser", async () => {
    const bob = await gateway
      .request()
      .post('/api/register')
      .send({ email: uniqueEmail('live-bob'), password: strongPassword() })
      .expect(201);
    const bobCookie = String(bob.headers['set-cookie']).split(';')[0]!;
    const alice = { email: uniqueEmail('live-alice'), password: strongPassword() };
    await gateway.request().post('/api/register').send(alice).expect(201);

    const socket = open(gateway.url, { cookie: bobCookie, auth: { userId: bob.body.id as number } });
    await nextOf(socket, 'AUTH_CONFIRMED');
    const dropped = nextOf<string>(socket, 'disconnect');
    // The same browser (Bob's cookie) signs in as Alice without signing out.
    await gateway.request().post('/api/login').set('Cookie', bobCookie).send(alice).expect(200);
    // Before, the connection stayed and went on receiving Bob's private events.
    expect(await dropped).toBe('io server disconnect');
  });
});

describe('realtime: caps on live connections, across instances', () => {
  const prefix = `fc:test:${randomUUID()}:`;
  const caps = { REALTIME_SOCKETS_PER_USER: '2', REALTIME_SOCKETS_PER_GUEST: '2', REALTIME_SOCKETS_PER_ADDRESS: '5' };
  let gateway: TestGateway;
  let one: TestRealtime;
  let two: TestRealtime;
  const sockets: Socket[] = [];
  const open = (url: string, options?: Parameters<typeof client>[1]) => {
    const socket = client(url, options);
    sockets.push(socket);
    return socket;
  };
  const confirmed = (socket: Socket) => nextOf(socket, 'AUTH_CONFIRMED').then(() => 'confirmed');
  const refused = (socket: Socket) => nextOf<Error>(socket, 'connect_error').then((error) => error.message);

  beforeAll(async () => {
    one = await startTestRealtime(prefix, caps);
    two = await startTestRealtime(prefix, caps);
    gateway = await startTestGateway({ REDIS_KEY_PREFIX: prefix, REALTIME_URL: one.url });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await gateway.close();
  });

  async function guestCookie() {
    const res = await gateway.request().get('/api/guest/credits').expect(200);
    return String(res.headers['set-cookie']).split(';')[0]!;
  }

  it('caps sockets per guest and per member, counted over every instance', async () => {
    const cookie = await guestCookie();
    expect(await confirmed(open(one.url, { cookie }))).toBe('confirmed');
    expect(await confirmed(open(two.url, { cookie }))).toBe('confirmed');
    expect(await refused(open(one.url, { cookie }))).toBe(socketMessages.tooManySockets);

    const registered = await gateway
      .request()
      .post('/api/register')
      .send({ email: uniqueEmail('cap'), password: strongPassword() })
      .expect(201);
    const member = { cookie: String(registered.headers['set-cookie']).split(';')[0]!, auth: { userId: registered.body.id } };
    expect(await confirmed(open(two.url, member))).toBe('confirmed');
    expect(await confirmed(open(one.url, member))).toBe('confirmed');
    expect(await refused(open(two.url, member))).toBe(socketMessages.tooManySockets);
  });

  it('caps sockets that connect all at once, on both instances: never one over', async () => {
    // Each handshake counted the room before the others had joined it: 19 of a cap of 10 got in.
    const cookie = await guestCookie();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const socket = open(i % 2 ? one.url : two.url, { cookie });
        return Promise.race([confirmed(socket), refused(socket)]);
      }),
    );
    expect(outcomes.filter((outcome) => outcome === 'confirmed')).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome === socketMessages.tooManySockets)).toHaveLength(10);
  });

  it('lets a socket go at once when its client vanishes mid-poll through the gateway, so it counts against no cap', async () => {
    const cookie = await guestCookie();
    // A client by hand, as a tab's long-polling: it connects, then its poll is cut off (the tab closed).
    const polling = `${gateway.url}/socket.io/?EIO=4&transport=polling`;
    const { sid } = JSON.parse((await (await fetch(polling, { headers: { cookie } })).text()).slice(1)) as { sid: string };
    const post = (body: string) =>
      fetch(`${polling}&sid=${sid}`, { method: 'POST', headers: { cookie, 'content-type': 'text/plain;charset=UTF-8' }, body });
    await (await post('40')).text();
    let said = '';
    while (!said.includes('AUTH_CONFIRMED')) said += await (await fetch(`${polling}&sid=${sid}`, { headers: { cookie } })).text();
    expect(await confirmed(open(one.url, { cookie }))).toBe('confirmed');
    // The guest's cap (2) is full; the tab's next poll waits for news, and the tab closes.
    const cut = new AbortController();
    const poll = fetch(`${polling}&sid=${sid}`, { headers: { cookie }, signal: cut.signal }).catch(() => 'cut');
    await new Promise((resolve) => setTimeout(resolve, 300));
    cut.abort();
    expect(await poll).toBe('cut');
    // A new tab is let in within a moment, not after the gone socket's ping timeout (45 s).
    let outcome = '';
    for (let attempt = 0; attempt < 10 && outcome !== 'confirmed'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const socket = open(one.url, { cookie });
      outcome = await Promise.race([confirmed(socket), refused(socket)]);
    }
    expect(outcome).toBe('confirmed');
  });

  it("counts a member's sockets under the per-member cap, a guest's under the per-guest one", async () => {
    const distinct = await startTestRealtime(prefix, {
      ...caps,
      REALTIME_SOCKETS_PER_USER: '3',
      REALTIME_SOCKETS_PER_GUEST: '1',
    });
    try {
      const registered = await gateway
        .request()
        .post('/api/register')
        .send({ email: uniqueEmail('cap3'), password: strongPassword() })
        .expect(201);
      const member = { cookie: String(registered.headers['set-cookie']).split(';')[0]!, auth: { userId: registered.body.id } };
      for (let i = 0; i < 3; i++) expect(await confirmed(open(distinct.url, member))).toBe('confirmed');
      expect(await refused(open(distinct.url, member))).toBe(socketMessages.tooManySockets);
      const cookie = await guestCookie();
      expect(await confirmed(open(distinct.url, { cookie }))).toBe('confirmed');
      expect(await refused(open(distinct.url, { cookie }))).toBe(socketMessages.tooManySockets);
    } finally {
      for (const socket of sockets.splice(0)) socket.disconnect();
      await distinct.close();
    }
  });

  it('counts sockets that have not authenticated under their address too', async () => {
    const patient = await startTestRealtime(prefix, {
      ...caps,
      REALTIME_SOCKETS_PER_ADDRESS: '2',
      REALTIME_AUTH_TIMEOUT_MS: '5000',
    });
    try {
      const told = async (socket: Socket) => (await nextOf<{ message: string }>(socket, 'AUTH_ERROR')).message;
      expect(await told(open(patient.url))).toBe(socketMessages.notSignedIn);
      expect(await told(open(patient.url))).toBe(socketMessages.notSignedIn);
      expect(await refused(open(patient.url))).toBe(socketMessages.tooManySockets);
    } finally {
      for (const socket of sockets.splice(0)) socket.disconnect();
      await patient.close();
    }
  });

  it('a refused handshake holds no place: once a socket closes, the next one is let in at once', async () => {
    const cookie = await guestCookie();
    const first = open(one.url, { cookie });
    expect(await confirmed(first)).toBe('confirmed');
    expect(await confirmed(open(two.url, { cookie }))).toBe('confirmed');
    expect(await refused(open(one.url, { cookie }))).toBe(socketMessages.tooManySockets);
    expect(await refused(open(two.url, { cookie }))).toBe(socketMessages.tooManySockets);
    first.disconnect();
    // Within far less than the 10 s a place is kept while a handshake is admitted.
    let outcome = '';
    for (let attempt = 0; attempt < 5 && outcome !== 'confirmed'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const socket = open(one.url, { cookie });
      outcome = await Promise.race([confirmed(socket), refused(socket)]);
    }
    expect(outcome).toBe('confirmed');
  });

  it('still admits connections when another instance hangs, counting them on its own', async () => {
    // A hung instance keeps its Redis subscription, so the others wait for an answer it never sends.
    const hung = createRedisClient(process.env.REDIS_URL!, createLogger('test', 'silent'));
    await hung.connect();
    try {
      await hung.subscribe(`${prefix}socket.io-request#/#`, () => undefined);
      const cookie = await guestCookie();
      expect(await confirmed(open(one.url, { cookie }))).toBe('confirmed');
      expect(await confirmed(open(one.url, { cookie }))).toBe('confirmed');
      expect(await refused(open(one.url, { cookie }))).toBe(socketMessages.tooManySockets);
    } finally {
      await hung.quit();
    }
  });

  it('caps sockets per client address as the gateway resolves it, whoever they are; a claimed address is ignored', async () => {
    // Through the gateway, each with its own guest id, each claiming another network: the gateway
    // replaces the claim with the address it sees (this test's), so all six count as one client.
    const viaGateway = async (address: string) => {
      const cookie = await guestCookie();
      return open(gateway.url, { cookie, headers: { 'x-client-address': address } });
    };
    const accepted = await Promise.all([1, 2, 3, 4, 5].map(async (i) => confirmed(await viaGateway(`2001:db8:${i}::1`))));
    expect(accepted).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed', 'confirmed']);
    expect(await refused(await viaGateway('2001:db8:99::1'))).toBe(socketMessages.tooManySockets);
  });

  it("counts a direct connection under its own address, whatever address it claims without the gateway's proof", async () => {
    // Straight to the instance, as anyone who could reach its port: each claims another network,
    // the last with a proof made with another secret. All six are this test's address.
    const claiming = async (address: string, proof?: string) => {
      const cookie = await guestCookie();
      const headers = proof ? signedClientAddress(address, proof) : { 'x-client-address': address };
      return open(one.url, { cookie, headers });
    };
    const accepted = await Promise.all([1, 2, 3, 4, 5].map(async (i) => confirmed(await claiming(`2001:db8:${i}::1`))));
    expect(accepted).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed', 'confirmed']);
    const forged = await claiming('2001:db8:99::1', 'a-guessed-secret-of-thirty-two-characters');
    expect(await refused(forged)).toBe(socketMessages.tooManySockets);
  });

  it("starts no connection's id with an instance tag a client sent: only the gateway's", async () => {
    const socket = open(gateway.url, { cookie: await guestCookie(), headers: { 'x-live-instance-tag': 'EVILEVIL' } });
    expect(await confirmed(socket)).toBe('confirmed');
    expect(socket.io.engine.id).not.toMatch(/^EVILEVIL/);
  });

  it("reads the gateway's word for an address minutes apart in time, and says when clocks are too far apart to read it", async () => {
    const watched = await startTestRealtime(prefix, { ...caps, LOG_LEVEL: 'warn' });
    try {
      // As a gateway signs them, its clock 4 minutes ahead: each of six networks is its own client.
      const from = async (address: string, aheadMs: number) => {
        const cookie = await guestCookie();
        return open(watched.url, { cookie, headers: signedClientAddress(address, DEV_SESSION_SECRET, Date.now() + aheadMs) });
      };
      const ahead = await Promise.all([1, 2, 3, 4, 5, 6].map(async (i) => confirmed(await from(`2001:db8:${i}::1`, 240_000))));
      expect(ahead).toEqual(Array(6).fill('confirmed'));
      expect(watched.logs).toEqual([]);
      // Ten minutes ahead, out of time: counted under the peer's address, and said once.
      await Promise.all([7, 8].map(async (i) => confirmed(await from(`2001:db8:${i}::1`, 600_000))));
      const said = watched.logs.map((line) => JSON.parse(line) as { level: number; msg: string; offsetSeconds: number });
      expect(said).toEqual([expect.objectContaining({ level: 40, offsetSeconds: expect.any(Number) })]);
      expect(said[0]!.offsetSeconds).toBeGreaterThanOrEqual(599);
      expect(said[0]!.msg).toMatch(/^a gateway's client address proof is out of time: its clock and this host's differ/);
    } finally {
      for (const socket of sockets.splice(0)) socket.disconnect();
      await watched.close();
    }
  });
});

describe('realtime: an instance that stops answering, behind the gateway', () => {
  const prefix = `fc:test:${randomUUID()}:`;
  let gateway: TestGateway;
  let one: TestRealtime;
  let two: TestRealtime;
  // The second instance as the gateway reaches it: held still, it accepts connections and answers
  // nothing, as a stopped (SIGSTOP) or hung process does.
  let stoppable: TcpProxy;
  let targets: [string, string];
  const sockets: Socket[] = [];
  const open = (options: Parameters<typeof client>[1]) => {
    const socket = client(gateway.url, options);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    one = await startTestRealtime(prefix);
    two = await startTestRealtime(prefix);
    stoppable = await tcpProxy(Number(new URL(two.url).port));
    targets = [one.url, `http://127.0.0.1:${stoppable.port}`];
    gateway = await startTestGateway({ REDIS_KEY_PREFIX: prefix, REALTIME_URL: targets.join(',') });
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await stoppable.restore();
  });
  afterAll(async () => {
    await stoppable.close();
    await one.close();
    await two.close();
    await gateway.close();
  });

  it.each(['polling', 'websocket'])(
    'drops its clients (%s) once it misses its probes, and they reconnect to another',
    async (transport) => {
      const cookie = await guestPinnedTo(gateway, targets, targets[1]);
      // On the second instance, once the gateway has seen it answer again after the case before.
      let socket!: Socket;
      await until(async () => {
        const before = two.stats().sockets;
        socket = open({ cookie, transports: [transport] });
        await nextOf(socket, 'AUTH_CONFIRMED');
        if (two.stats().sockets > before) return true;
        socket.disconnect();
        return false;
      }, 10_000);
      stoppable.blackHole();
      // Left to Socket.IO, the client would see nothing for its ping timeout (45 s): the gateway
      // closes its connection after two missed probes (2 s apart).
      expect(['transport close', 'transport error']).toContain(await nextOf<string>(socket, 'disconnect', 15_000));
      // Connecting again, it gets the instance that answers.
      await nextOf(open({ cookie, transports: [transport] }), 'AUTH_CONFIRMED');
    },
  );

  it('keeps a client that moved to another instance there when its own comes back: its polls go where its connection lives', async () => {
    const cookie = await guestPinnedTo(gateway, targets, targets[1]);
    // Its own instance (the second) stops answering: the client is dropped, and connects to the first.
    await until(async () => (await fetch(new URL('/healthz', targets[1])).catch(() => null))?.ok === true, 10_000);
    stoppable.blackHole();
    const before = one.stats().sockets;
    await until(async () => {
      const socket = open({ cookie });
      await nextOf(socket, 'AUTH_CONFIRMED', 5_000).catch(() => undefined);
      if (one.stats().sockets > before && socket.connected) return true;
      socket.disconnect();
      return false;
    }, 15_000);
    const moved = sockets.at(-1)!;
    const drops: string[] = [];
    moved.on('disconnect', (reason) => drops.push(reason));
    // Its instance answers again, and the gateway sees it: a new client of that ranking goes there.
    await stoppable.restore();
    await until(async () => {
      const probe = open({ cookie });
      const confirmed = await nextOf(probe, 'AUTH_CONFIRMED', 5_000).then(
        () => true,
        () => false,
      );
      const there = confirmed && two.stats().sockets > 0;
      probe.disconnect();
      return there;
    }, 15_000);
    // The moved client's polls stay with the instance that holds its connection.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(drops).toEqual([]);
    expect(await moved.timeout(3_000).emitWithAck('join_video', { videoId: 'stickyAAAAA' })).toMatchObject({ success: true });
  }, 60_000);
});

describe('realtime: instances found by DNS behind the gateway, as `--scale realtime=N` runs them', () => {
  const prefix = `fc:test:${randomUUID()}:`;
  const NAME = 'realtime.findclips.test';
  let dns: FakeDns;
  let servers: string[];
  let gateway: TestGateway;
  const instances: TestRealtime[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // Docker's DNS answers a scaled service's name with one address per container: here three
    // instances on one port of three loopback addresses, of which DNS names two at first.
    dns = await fakeDns();
    servers = getServers();
    setServers([dns.server]);
    instances.push(await startTestRealtime(prefix, {}, { host: '127.0.0.1' }));
    const port = Number(new URL(instances[0]!.url).port);
    instances.push(await startTestRealtime(prefix, {}, { host: '127.0.0.2', port }));
    instances.push(await startTestRealtime(prefix, {}, { host: '127.0.0.3', port }));
    dns.answer(NAME, ['127.0.0.1', '127.0.0.2']);
    gateway = await startTestGateway({ REDIS_KEY_PREFIX: prefix, REALTIME_URL: `http://${NAME}:${port}` });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await gateway.close();
    setServers(servers);
    await dns.close();
  });

  /**
   * Connects through the gateway until `instance` counts one more socket: once the gateway has read
   * DNS's answer, at its next probe (2 s apart). A connection that went elsewhere is closed; one
   * the change cut as it was made (its next poll went to the instance its client moves to) is made
   * again, as the app's client does.
   */
  async function reaches(cookie: string, instance: TestRealtime): Promise<Socket> {
    await waitUntil(
      async () => {
        const before = instance.stats().sockets;
        const socket = client(gateway.url, { cookie });
        sockets.push(socket);
        // Cut as it was made: made again. Anything else (no answer at all) fails the test.
        const confirmed = await nextOf(socket, 'AUTH_CONFIRMED').then(
          () => true,
          (error: Error) => {
            if (error.message.startsWith('disconnected (')) return false;
            throw error;
          },
        );
        if (confirmed && instance.stats().sockets > before) return true;
        socket.disconnect();
        return false;
      },
      10_000,
      'a connection to the instance',
      250,
    );
    return sockets.at(-1)!;
  }

  it('spreads clients over every address the name has, takes in an instance added later, and lets go those of one removed', async () => {
    const [one, two, three] = instances.map((instance) => instance.url) as [string, string, string];
    await reaches(await guestPinnedTo(gateway, [one, two], one), instances[0]!);
    await reaches(await guestPinnedTo(gateway, [one, two], two), instances[1]!);
    expect(instances[2]!.stats().sockets).toBe(0);
    // Scaled up: the third is found at the next probe, and a client it ranks first goes to it.
    dns.answer(NAME, ['127.0.0.1', '127.0.0.2', '127.0.0.3']);
    const third = await reaches(await guestPinnedTo(gateway, [one, two, three], three), instances[2]!);
    // Scaled down: an instance DNS no longer names is going; its clients are let go to reconnect.
    dns.answer(NAME, ['127.0.0.1', '127.0.0.2']);
    expect(['transport close', 'transport error']).toContain(await nextOf<string>(third, 'disconnect', 10_000));
  });
});
