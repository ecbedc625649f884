/** Why YouTube could not give us a video, as our error codes. */
export type YoutubeErrorCode = 'VIDEO_UNAVAILABLE' | 'NO_TRANSCRIPT' | 'YOUTUBE_RATE_LIMITED' | 'YOUTUBE_UNREACHABLE';

const messages: Record<YoutubeErrorCode, string> = {
  VIDEO_UNAVAILABLE: 'This video is unavailable: it may be private, removed or restricted.',
  NO_TRANSCRIPT: 'This video has no captions to analyse.',
  YOUTUBE_RATE_LIMITED: 'YouTube is limiting our requests right now. Please try again in a few minutes.',
  YOUTUBE_UNREACHABLE: 'YouTube could not be reached. Please try again shortly.',
};

/** A failure talking to YouTube; `transient` ones are worth retrying. */
export class YoutubeError extends Error {
  readonly transient: boolean;

  constructor(
    readonly code: YoutubeErrorCode,
    readonly videoId: string,
    options?: { cause?: unknown },
  ) {
    super(messages[code], options);
    this.name = 'YoutubeError';
    this.transient = code === 'YOUTUBE_RATE_LIMITED' || code === 'YOUTUBE_UNREACHABLE';
  }
}
