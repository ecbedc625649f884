import { z } from 'zod';
import { envInt, envOptionalUrl, envUrl } from './env';

/** How our services reach YouTube (gateway for metadata, worker for transcripts). */
export const youtubeEnvSchema = z.object({
  /** Replaces https://www.youtube.com in every YouTube call (tests point it at a fake). */
  YOUTUBE_BASE_URL: envUrl('https://www.youtube.com', ['https:', 'http:']),
  /** An outbound HTTP(S) proxy for YouTube calls (http:// or https://): YouTube blocks many datacenter addresses. */
  YOUTUBE_PROXY_URL: envOptionalUrl(['http:', 'https:']),
  /** Time limit of one YouTube request, in milliseconds. */
  YOUTUBE_TIMEOUT_MS: envInt(15_000, 100, 120_000),
});
