/**
 * The relay from Redis to this instance's sockets: analysis events (a private one to its owner's
 * sockets, a shared one to the video's room) and the sessions the gateway ended (their sockets
 * are dropped). Each instance emits only to its own sockets (`io.local`), so however many run,
 * each client gets each event once.
 */
import { analysisEventSchema, type AnalysisEvent } from '@findclips/contracts';
import { analysisEventsChannel, sessionsEndedChannel, sessionsEndedSchema, type SessionsEnded } from '@findclips/queue';
import type { RedisClient } from '@findclips/runtime';
import type { Logger } from 'pino';
import { Counter, type Registry } from 'prom-client';
import { sessionRoom, userRoom } from './admission';
import { videoRoom, type LiveServer } from './live-server';

export interface EventRelayDeps {
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
    const room = event.userId ? userRoom(event.userId) : videoRoom(event.videoId);
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
    io.local.in('userId' in ended ? userRoom(ended.userId) : sessionRoom(ended.sessionId)).disconnectSockets(true);
  };

  const channels = [analysisEventsChannel(keyPrefix), sessionsEndedChannel(keyPrefix)];
  const ready = Promise.all([subscriber.subscribe(channels[0]!, relay), subscriber.subscribe(channels[1]!, endSessions)]);
  return {
    ready,
    relayed: () => relayed,
    stop: () => subscriber.unsubscribe(channels).catch(() => undefined),
  };
}
