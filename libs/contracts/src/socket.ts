import { z } from 'zod';
import { videoIdSchema } from './video-id';

// The live channel's words, in a module of their own: the web app's channel reads them without zod.
export { LIVE_BODY_MAX_BYTES, socketMessages } from './socket-messages';

/** What a client sends in its Socket.IO handshake `auth`: checked, never trusted alone. */
export const socketAuthSchema = z.object({
  userId: z.union([z.number().int(), z.string().max(32)]).optional(),
  guestId: z.string().max(128).optional(),
});

/** `join_video`. */
export const joinVideoSchema = z.object({
  videoId: videoIdSchema,
  leaveOthers: z.boolean().optional(),
  transactionId: z.union([z.string().max(128), z.number()]).optional(),
});

export type JoinVideo = z.infer<typeof joinVideoSchema>;
