// A guest who creates an account keeps what they analysed.
import type { CachedVideos, GuestAnalyses, MemberHistory } from '@findclips/db';

export interface GuestVideosDeps {
  guests: GuestAnalyses;
  cached: CachedVideos;
  history: MemberHistory;
}

/**
 * The videos the guest of this browser (`guestId`, from its gid cookie) spent credits on go into
 * the history of the account they have just created, at the times they were analysed: the
 * analysis they were reading is still theirs to open, re-analyse, edit and share. Only an account
 * created now: signing in to an existing one (another person's guest visits on a shared computer)
 * adds nothing.
 */
export async function keepGuestVideos(deps: GuestVideosDeps, guestId: string | undefined, userId: number): Promise<void> {
  if (!guestId) return;
  const spent = await deps.guests.list(guestId);
  if (spent.length === 0) return;
  const videos = new Map((await deps.cached.findMany(spent.map((s) => s.youtubeId))).map((v) => [v.youtubeId, v]));
  for (const { youtubeId, analysedAt } of spent) {
    const video = videos.get(youtubeId);
    if (video) await deps.history.keep(userId, youtubeId, video, analysedAt);
  }
}
