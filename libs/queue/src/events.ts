import type { AnalysisEvent, AnalysisEventType, ErrorCode } from '@findclips/contracts';

/** The Redis channel analysis events are published on; the realtime service relays them. */
export const analysisEventsChannel = (keyPrefix: string) => `${keyPrefix}events:analysis`;

export interface Publisher {
  publish(channel: string, message: string): Promise<unknown>;
}

export interface EventDetails {
  userId?: number | null;
  errorType?: ErrorCode | null;
  errorMessage?: string | null;
  errorCategories?: string[] | null;
}

/** Builds a live analysis event (SPEC §3): ids and error details, never the topics. */
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
