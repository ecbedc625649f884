import { z } from 'zod';
import { VIDEO_ID_PATTERN } from './youtube-link';

/** A YouTube video id: exactly 11 characters of [A-Za-z0-9_-]. */
export const videoIdSchema = z
  .string()
  .regex(VIDEO_ID_PATTERN, 'Invalid YouTube video id: expected 11 characters of A-Z, a-z, 0-9, _ or -');
