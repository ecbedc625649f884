/**
 * The relay from Redis to this instance's sockets: analysis events (a private one to its owner's
 * sockets that follow the video, a shared one to the video's room) and the sessions the gateway ended (their sockets
 * are dropped). Each instance emits only to its own sockets (`io.local`), so however many run,
 * each client gets each event once.
 *
 * Redis keeps no message for a subscriber that is away: events published while this instance's
 * subscriber reconnects never reach it. Once it is back, the instance drops its sockets, so that each
 * client reconnects, rejoins its video and reads again what it missed (as after any reconnect);
 * meanwhile `relaying()` is false and the instance's /healthz says so, and the gateways send new
 * clients to another instance.
 */
import { analysisEventSchema, type AnalysisEvent } from '@findclips/contracts';
import { analysisEventsChannel, sessionsEndedChannel, sessionsEndedSchema, type SessionsEnded } from '@findclips/queue';
import type { RedisClient } from '@findclips/runtime';
import type { Logger } from 'pino';
import { Counter, type Registry } from 'prom-client';
import { guestRoom, sessionRoom, userRoom } from './admission';
import { ownVideoRoom, videoRoom, type LiveServer } from './live-server';

/** How long the subscriber must stay back before the clients are dropped to read what they missed. */
const RESYNC_SETTLE_MS = 1_000;

interface EventRelayDeps {
  subscriber: RedisClient;
  keyPrefix: string;
  logger: Logger;
  metrics?: Registry;
}

export function startEventRelay(io: LiveServer, { subscriber, keyPrefix, logger, metrics }: EventRelayDeps) {
  let relayed = 0;
  const relayedByType = metrics
    ? new Counter({
        name: 'realtime_events_relayed_total',
        help: 'Analysis events this instance relayed to its sockets, by type',
        labelNames: ['type'],
        registers: [metrics],
      })
    : undefined;

  const relay = (message: string) => {
    let event: AnalysisEvent;
    try {
      event = analysisEventSchema.parse(JSON.parse(message));
    } catch (error) {
      logger.warn({ err: error }, 'ignored a malformed analysis event');
      return;
    }
    // A member's other tabs, on other videos, are not told of this one (a stranger's model-based test).
    const room = event.userId ? ownVideoRoom(event.userId, event.videoId) : videoRoom(event.videoId);
    io.local.to(room).emit(event.type, event);
    relayed++;
    relayedByType?.inc({ type: event.type });
  };
  const endSessions = (message: string) => {
    let ended: SessionsEnded;
    try {
      ended = sessionsEndedSchema.parse(JSON.parse(message));
    } catch (error) {
      logger.warn({ err: error }, 'ignored a malformed sessions-ended message');
      return;
    }
    const room =
      'userId' in ended ? userRoom(ended.userId) : 'guestId' in ended ? guestRoom(ended.guestId) : sessionRoom(ended.sessionId);
    io.local.in(room).disconnectSockets(true);
  };

  let lost = false;
  let stopped = false;
  let settling: NodeJS.Timeout | undefined;
  const resyncs = metrics
    ? new Counter({
        name: 'realtime_resyncs_total',
        help: 'Times this instance dropped its sockets after its Redis subscriber came back, so that clients read what they missed',
        registers: [metrics],
      })
    : undefined;
  const onLost = () => {
    clearTimeout(settling);
    settling = undefined;
    if (lost || stopped) return;
    lost = true;
    logger.warn('redis subscriber lost: events published meanwhile will not reach this instance');
  };
  // Back for RESYNC_SETTLE_MS: a connection that comes and goes drops the clients once, not each time.
  const onBack = () => {
    if (!lost || stopped || settling) return;
    settling = setTimeout(() => {
      settling = undefined;
      lost = false;
      logger.info({ sockets: io.of('/').sockets.size }, 'redis subscriber back: clients reconnect to read what they missed');
      resyncs?.inc();
      io.local.disconnectSockets(true);
    }, RESYNC_SETTLE_MS);
  };
  subscriber.on('reconnecting', onLost).on('end', onLost).on('ready', onBack);

  const channels = [analysisEventsChannel(keyPrefix), sessionsEndedChannel(keyPrefix)];
  const ready = Promise.all([subscriber.subscribe(channels[0]!, relay), subscriber.subscribe(channels[1]!, endSessions)]);
  return {
    ready,
    relayed: () => relayed,
    /** Whether events reach this instance: its subscriber is connected. */
    relaying: () => subscriber.isReady && !lost,
    stop: () => {
      stopped = true;
      clearTimeout(settling);
      subscriber.off('reconnecting', onLost).off('end', onLost).off('ready', onBack);
      return subscriber.unsubscribe(channels).catch(() => undefined);
    },
  };
}
