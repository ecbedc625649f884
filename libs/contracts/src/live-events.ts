/**
 * The live channel's events, both ways, as Socket.IO's typed `Server` and client `Socket` take
 * them: a misspelt event name or payload fails to compile on either side. Types only, so the web
 * app imports them without zod.
 */
import type { AnalysisEvent, AnalysisEventType } from './events';
import type { JoinVideo } from './socket';

/** Who the server recognised at the handshake. */
export type AuthConfirmed = { kind: 'member'; userId: number } | { kind: 'guest'; guestId: string };

/** The answer to `join_video`, as its acknowledgement and as the JOIN_VIDEO_* event. */
export type JoinAnswer =
  | { success: true; videoId: string; transactionId: JoinVideo['transactionId'] | null }
  | { success: false; transactionId: JoinVideo['transactionId'] | null; message: string };

/** What the server sends: who it recognised, joins, refusals, and the analysis events it relays. */
export type ServerToClientEvents = {
  AUTH_CONFIRMED(body: AuthConfirmed): void;
  AUTH_ERROR(body: { message: string }): void;
  JOIN_VIDEO_CONFIRMED(body: { videoId: string; transactionId: JoinVideo['transactionId'] | null }): void;
  JOIN_VIDEO_ERROR(body: { transactionId: JoinVideo['transactionId'] | null; message: string }): void;
  X_ACCOUNT_ERROR(body: { success: false; message: string }): void;
} & { [Type in AnalysisEventType]: (event: AnalysisEvent) => void };

/** What a client sends: the video it follows (X accounts are not offered). */
export interface ClientToServerEvents {
  join_video(payload: JoinVideo, ack?: (answer: JoinAnswer) => void): void;
  activate_x_account(payload: unknown, ack?: (answer: { success: false; message: string }) => void): void;
}
