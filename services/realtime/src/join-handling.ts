/**
 * What a connected socket may ask: to follow a video's room (with its limits), and X accounts
 * (disabled). Anything else asked with an acknowledgement is told so.
 */
import {
  describeIssues,
  joinVideoSchema,
  socketMessages,
  X_FEATURES_DISABLED_MESSAGE,
  type ClientToServerEvents,
  type JoinAnswer,
} from '@findclips/contracts';
import type { RealtimeEnv } from '@findclips/config';
import { ownVideoRoom, videoRoom, type LiveSocket } from './live-server';

type JoinLimits = Pick<RealtimeEnv, 'REALTIME_JOINS_PER_MINUTE' | 'REALTIME_MAX_ROOMS'>;

/**
 * `join_video`: a valid video id, at most REALTIME_JOINS_PER_MINUTE joins a minute and
 * REALTIME_MAX_ROOMS rooms at once (`leaveOthers` leaves the rest first). Each answer goes to the
 * acknowledgement, when the client asked for one, and as the JOIN_VIDEO_* event.
 *
 * A socket that sends more than twice its joins' limit of messages of any kind in a minute is
 * dropped: each refusal is an answer queued for it, and one that sent 800 joins a request and never
 * read took an instance from 86 to 606 MB in 15 s, its flood stalling every other client's events.
 */
export function handleJoins(socket: LiveSocket, limits: JoinLimits): void {
  const budget = 2 * limits.REALTIME_JOINS_PER_MINUTE;
  socket.use((_packet, next) => {
    if (!socket.connected) return;
    const now = performance.now();
    const recent = socket.data.messages.filter((at) => now - at < 60_000);
    if (recent.length >= budget) {
      socket.emit('JOIN_VIDEO_ERROR', { transactionId: null, message: socketMessages.tooManyMessages });
      socket.disconnect(true);
      return;
    }
    recent.push(now);
    socket.data.messages = recent;
    next();
  });
  // A message no handler takes, sent with an acknowledgement, is answered: the client would wait for ever.
  socket.use(([event, ...args], next) => {
    if (socket.listenerCount(event as keyof ClientToServerEvents) > 0) return next();
    const ack: unknown = args.at(-1);
    if (typeof ack === 'function') ack({ success: false, message: socketMessages.unknownMessage });
  });
  socket.on('join_video', (payload, ack) => {
    const parsed = joinVideoSchema.safeParse(payload);
    // Echoed in a refusal only as the protocol has it: a client's object of any size is not sent back.
    const given = joinVideoSchema.shape.transactionId.safeParse((payload as { transactionId?: unknown } | null)?.transactionId);
    const transactionId = (given.success ? given.data : undefined) ?? null;
    const refuse = (message: string) => {
      const body = { transactionId, message };
      if (typeof ack === 'function') ack({ success: false, ...body } satisfies JoinAnswer);
      socket.emit('JOIN_VIDEO_ERROR', body);
    };
    const now = Date.now();
    socket.data.joins = socket.data.joins.filter((t) => now - t < 60_000);
    if (socket.data.joins.length >= limits.REALTIME_JOINS_PER_MINUTE) return refuse(socketMessages.tooManyJoins);
    socket.data.joins.push(now);
    if (!parsed.success) {
      // The video id has the protocol's own message; another field is named in its own.
      const [first] = describeIssues(parsed.error, payload);
      return refuse(first && first.field !== 'videoId' && first.field !== 'body' ? first.message : socketMessages.invalidVideo);
    }

    const { videoId, leaveOthers } = parsed.data;
    // A member follows the video's shared events and their own private ones of it (a re-analysis).
    const { identity } = socket.data;
    const roomsOf = (id: string) =>
      identity.kind === 'member' ? [videoRoom(id), ownVideoRoom(identity.userId, id)] : [videoRoom(id)];
    const others = [...socket.rooms]
      .filter((room) => room.startsWith('video:') && room !== videoRoom(videoId))
      .map((room) => room.slice('video:'.length));
    if (leaveOthers) for (const id of others) for (const room of roomsOf(id)) void socket.leave(room);
    else if (others.length >= limits.REALTIME_MAX_ROOMS) return refuse(socketMessages.tooManyRooms);
    void socket.join(roomsOf(videoId));
    const body = { videoId, transactionId: parsed.data.transactionId ?? null };
    if (typeof ack === 'function') ack({ success: true, ...body });
    socket.emit('JOIN_VIDEO_CONFIRMED', body);
  });

  socket.on('activate_x_account', (_payload, ack) => {
    const body = { success: false as const, message: X_FEATURES_DISABLED_MESSAGE };
    if (typeof ack === 'function') ack(body);
    socket.emit('X_ACCOUNT_ERROR', body);
  });
}
