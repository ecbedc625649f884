import type { AnalysisEvent, AnalysisEventType, ErrorCode } from '@findclips/contracts';
import { redisKeys } from '@findclips/runtime';
import { z } from 'zod';

/** The Redis channel analysis events are published on; the realtime service relays them. */
export const analysisEventsChannel = (keyPrefix: string) => redisKeys(keyPrefix).analysisEvents;

export interface Publisher {
  publish(channel: string, message: string): Promise<unknown>;
}

interface EventDetails {
  userId?: number | null;
  errorType?: ErrorCode | null;
  errorMessage?: string | null;
  errorCategories?: string[] | null;
}

/** Builds a live analysis event: ids and error details, never the topics. */
export function analysisEvent(type: AnalysisEventType, videoId: string, details: EventDetails = {}): AnalysisEvent {
  return {
    type,
    videoId,
    sentAt: new Date().toISOString(),
    userId: details.userId ?? null,
    errorType: details.errorType ?? null,
    errorMessage: details.errorMessage ?? null,
    errorCategories: details.errorCategories ?? null,
  };
}

export async function publishAnalysisEvent(publisher: Publisher, keyPrefix: string, event: AnalysisEvent): Promise<void> {
  await publisher.publish(analysisEventsChannel(keyPrefix), JSON.stringify(event));
}

/** The Redis channel on which the gateway says sessions ended; realtime drops their sockets. */
export const sessionsEndedChannel = (keyPrefix: string) => redisKeys(keyPrefix).sessionsEnded;

/**
 * One session signed out, every session of a user (a password change, a Google link), or a guest
 * gone (the browser's guest became a member and has a new guest id).
 */
export const sessionsEndedSchema = z.union([
  z.strictObject({ sessionId: z.string().min(1).max(256) }),
  z.strictObject({ userId: z.number().int().positive() }),
  z.strictObject({ guestId: z.string().min(1).max(256) }),
]);

export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

export async function publishSessionsEnded(publisher: Publisher, keyPrefix: string, ended: SessionsEnded): Promise<void> {
  await publisher.publish(sessionsEndedChannel(keyPrefix), JSON.stringify(sessionsEndedSchema.parse(ended)));
}
