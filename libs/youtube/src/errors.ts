import { videoMessages } from '@findclips/contracts';

/** Why YouTube could not give us a video, as our error codes. */
type YoutubeErrorCode =
  | 'VIDEO_UNAVAILABLE'
  | 'NO_TRANSCRIPT'
  | 'YOUTUBE_RATE_LIMITED'
  | 'YOUTUBE_UNREACHABLE'
  | 'YOUTUBE_BLOCKED'
  | 'YOUTUBE_EMPTY_CAPTIONS';

const messages: Record<YoutubeErrorCode, string> = {
  VIDEO_UNAVAILABLE: 'This video is unavailable: it may be private, removed or restricted.',
  NO_TRANSCRIPT: videoMessages.noCaptions,
  YOUTUBE_RATE_LIMITED: 'YouTube is limiting our requests right now. Please try again in a few minutes.',
  YOUTUBE_UNREACHABLE: 'YouTube could not be reached. Please try again shortly.',
  YOUTUBE_BLOCKED: 'YouTube is refusing our requests right now. Please try again later.',
  YOUTUBE_EMPTY_CAPTIONS: "YouTube sent this video's captions empty. Please try again later.",
};

/** The detail of a NO_TRANSCRIPT whose track the player listed and timedtext served, without a word. */
export const CAPTIONS_WITHOUT_WORDS = 'a caption track without words';

/** A timedtext answer that is no caption document (a page, a body cut short). */
export const UNREADABLE_CAPTIONS = "YouTube sent this video's captions in a form we could not read. Please try again shortly.";

/** A live stream or premiere YouTube has scheduled but not yet shown. */
export const notStartedMessage = 'This live stream or premiere has not started yet. Please try again once it has aired.';

/** A live stream that has ended, its recording not yet there. */
export const streamEndedMessage = 'This live stream has ended and its recording is not available yet. Please try again later.';

/** Codes that say nothing about the video itself: YouTube (or the way to it) failed us, so a retry may succeed. */
const TRANSIENT = new Set<YoutubeErrorCode>([
  'YOUTUBE_RATE_LIMITED',
  'YOUTUBE_UNREACHABLE',
  'YOUTUBE_BLOCKED',
  'YOUTUBE_EMPTY_CAPTIONS',
]);

/** A failure talking to YouTube; `transient` ones are worth retrying. */
export class YoutubeError extends Error {
  readonly transient: boolean;
  /** For operators: what YouTube answered (a status, a playability reason, a page). */
  readonly detail: string | undefined;

  constructor(
    readonly code: YoutubeErrorCode,
    readonly videoId: string,
    options: {
      cause?: unknown;
      /** What a user reads, when it should say more than the code's own message. */
      message?: string;
      /** For operators: what YouTube answered (a status, a playability reason, a page). */
      detail?: string;
    } = {},
  ) {
    super(options.message ?? messages[code], { cause: options.cause });
    this.name = 'YoutubeError';
    this.transient = TRANSIENT.has(code);
    this.detail = options.detail;
  }
}
