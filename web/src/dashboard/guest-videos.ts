import { isVideoId } from '@findclips/contracts';
import { guestIdFromCookie } from '../lib/auth';
import { readStored, removeStored, scopedKey, storageKeys, writeStored } from '../lib/storage';

/**
 * The guest's video cache in this browser: the video they last opened, and the videos they
 * analysed here (the server records the same against this browser's guest cookie), newest last.
 * The latter decide what a link (/?video=) opens at once and what Share Clips offers; credits are
 * the server's to judge.
 */
interface GuestVideoCache {
  /** The guest it is of (the gid cookie when it was written): another guest of the browser starts without it. */
  gid?: string;
  lastVideoId?: string;
  analysed?: string[];
}

/** Videos remembered as the guest's: far more than a guest's credits allow in weeks. */
const MAX_ANALYSED = 200;

const read = (): GuestVideoCache => {
  const cache = readStored<GuestVideoCache | null>(storageKeys.guestVideoCache, {});
  if (!cache || typeof cache !== 'object' || Array.isArray(cache)) return {};
  // Written for another guest (the browser's guest id changed: an account took the last one's videos).
  const gid = guestIdFromCookie();
  return cache.gid !== undefined && gid !== null && cache.gid !== gid ? {} : cache;
};
/** The cache to write, for the guest of the browser now. */
const write = (cache: Omit<GuestVideoCache, 'gid'>) => {
  const gid = guestIdFromCookie();
  writeStored(storageKeys.guestVideoCache, { ...(gid ? { gid } : {}), ...cache });
};
const analysedIn = (cache: GuestVideoCache) => (Array.isArray(cache.analysed) ? cache.analysed.filter(isVideoId) : []);

export function lastGuestVideo(): string | null {
  const id = read().lastVideoId;
  return typeof id === 'string' && isVideoId(id) ? id : null;
}

export function rememberLastGuestVideo(videoId: string | null): void {
  const analysed = analysedIn(read()).slice(-MAX_ANALYSED);
  write({ ...(videoId ? { lastVideoId: videoId } : {}), ...(analysed.length ? { analysed } : {}) });
}

/** The guest analysed `videoId` here: a link opens it at once, and they may share it. */
export function recordGuestAnalysis(videoId: string): void {
  const { lastVideoId, ...cache } = read();
  const analysed = [...analysedIn(cache).filter((id) => id !== videoId), videoId].slice(-MAX_ANALYSED);
  write({ ...(lastVideoId ? { lastVideoId } : {}), analysed });
}

export const guestAnalysed = (videoId: string): boolean => analysedIn(read()).includes(videoId);

/**
 * A guest who has just created an account goes on with the video they were on (`lastGuestVideo()`,
 * read before the account was asked for: the answer gives the browser a new guest id): it becomes
 * the new member's last video, which / opens (the server put the videos they analysed in their
 * history). The guest's cache goes with them: the next guest of this browser starts without it.
 */
export function keepLastGuestVideo(videoId: string | null): void {
  if (videoId) writeStored(scopedKey(storageKeys.lastVideoId), videoId);
  removeStored(storageKeys.guestVideoCache);
}
