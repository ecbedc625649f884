// A guest who creates an account keeps what they analysed.
import { GUEST_CREDIT_WINDOW_SECONDS } from '@findclips/contracts';
import type { CachedVideos, GuestAnalyses, MemberHistory, Shares } from '@findclips/db';
import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { readGuestId, renewGuestId } from '../videos/guest-id';
import type { EndLiveSessions } from './live-sessions';

export interface GuestVideosDeps {
  /** Where the videos and shares are kept together, all or none. */
  dataSource: DataSource;
  guests: GuestAnalyses;
  cached: CachedVideos;
  history: MemberHistory;
  shares: Shares;
}

/**
 * The videos the guest of this browser (its gid cookie) spent credits on go into the history of
 * the account they have just created, at the times they were analysed: the analysis they were
 * reading is still theirs to open, re-analyse, edit and share. A video still waiting for its
 * analysis goes in too, its title read from the analysis once there is one; the pages the guest
 * shared become the account's, to list and remove. The browser then gets a guest id of its own, so
 * that whoever signs up next on it (a shared computer) gets none of them, and the old guest's live
 * connections (other tabs) are dropped, as a member's connection replaces the browser's guest one;
 * signing in to an account that exists adds nothing. Best effort: the account is made and signed
 * in whatever happens here. Videos and shares are kept together, all or none; when they could not
 * be, the browser keeps its guest id, and with it the guest's videos, theirs again once signed out
 * (a stranger's database audit: one failed write lost them for good). Returns the video the guest
 * analysed last, if any.
 */
export async function keepGuestVideos(
  deps: GuestVideosDeps,
  req: Request,
  res: Response,
  userId: number,
  endLiveSessions: EndLiveSessions,
): Promise<string | null> {
  const guestId = readGuestId(req);
  if (!guestId) return null;
  try {
    const spent = await deps.guests.list(guestId);
    const videos = new Map((await deps.cached.findMany(spent.map((s) => s.youtubeId))).map((v) => [v.youtubeId, v]));
    await deps.dataSource.transaction(async (tx) => {
      const kept = spent.map(({ youtubeId, analysedAt }) => ({
        videoId: youtubeId,
        video: videos.get(youtubeId) ?? { title: null, thumbnailUrl: null },
        processedAt: analysedAt,
      }));
      await deps.history.keepAll(userId, kept, tx);
      // Shares of this guest's day of credits: older ones are likely someone else's on this computer.
      await deps.shares.adopt(guestId, userId, GUEST_CREDIT_WINDOW_SECONDS, tx);
    });
    // All kept, the browser's guest is gone: the next person to sign up here gets nothing of it.
    renewGuestId(req, res);
    return spent.at(-1)?.youtubeId ?? null;
  } catch (error) {
    req.log.warn({ err: error, userId }, "a new account's guest videos could not be kept: the browser keeps its guest");
    return null;
  } finally {
    await endLiveSessions({ guestId }).catch((error: unknown) =>
      req.log.warn({ err: error, userId }, "the old guest's live connections could not be dropped"),
    );
  }
}
