/**
 * youtube-transcript-plus, loaded from its CommonJS build. Its type declarations do not resolve
 * under Node16 CommonJS resolution, so the part of its API we use is typed here.
 */

/** Parameters the library passes to a fetch hook. */
export interface FetchParams {
  url: string;
  lang?: string;
  userAgent?: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface TranscriptConfig {
  lang?: string;
  signal?: AbortSignal;
  videoFetch?: (params: FetchParams) => Promise<Response>;
  playerFetch?: (params: FetchParams) => Promise<Response>;
  transcriptFetch?: (params: FetchParams) => Promise<Response>;
}

interface LibrarySegment {
  text: string;
  /** Seconds. */
  duration: number;
  /** Seconds. */
  offset: number;
  lang: string;
}

type ErrorClass = new (...args: never[]) => Error;

interface TranscriptLibrary {
  fetchTranscript(videoId: string, config: TranscriptConfig & { videoDetails: true }): Promise<{ segments: LibrarySegment[] }>;
  listLanguages(videoId: string, config: TranscriptConfig): Promise<unknown[]>;
  YoutubeTranscriptTooManyRequestError: ErrorClass;
  YoutubeTranscriptVideoUnavailableError: ErrorClass;
  YoutubeTranscriptDisabledError: ErrorClass;
  YoutubeTranscriptNotAvailableError: ErrorClass;
  YoutubeTranscriptNotAvailableLanguageError: ErrorClass;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const transcriptLibrary = require('youtube-transcript-plus') as TranscriptLibrary;
