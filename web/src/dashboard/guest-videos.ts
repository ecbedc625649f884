import { isVideoId } from '@findclips/contracts';
import { readStored, removeStored, scopedKey, storageKeys, writeStored } from '../lib/storage';

/**
 * The guest's video cache in this browser: the video they last opened, and the videos they
 * analysed here (the server records the same against this browser's guest cookie), newest last.
 * The latter decide what a link (/?video=) opens at once and what Share Clips offers; credits are
 * the server's to judge.
 */
interface GuestVideoCache {
  lastVideoId?: string;
  analysed?: string[];
}

/** Videos remembered as the guest's: far more than a guest's credits allow in weeks. */
const MAX_ANALYSED = 200;

const read = (): GuestVideoCache => {
  const cache = readStored<GuestVideoCache | null>(storageKeys.guestVideoCache, {});
  return cache && typeof cache === 'object' && !Array.isArray(cache) ? cache : {};
};
const analysedIn = (cache: GuestVideoCache) => (Array.isArray(cache.analysed) ? cache.analysed.filter(isVideoId) : []);

export function lastGuestVideo(): string | null {
  const id = read().lastVideoId;
  return typeof id === 'string' && isVideoId(id) ? id : null;
}

export function rememberLastGuestVideo(videoId: string | null): void {
  const analysed = analysedIn(read()).slice(-MAX_ANALYSED);
  writeStored(storageKeys.guestVideoCache, {
    ...(videoId ? { lastVideoId: videoId } : {}),
    ...(analysed.length ? { analysed } : {}),
  });
}

/** The guest analysed `videoId` here: a link opens it at once, and they may share it. */
export function recordGuestAnalysis(videoId: string): void {
  const cache = read();
  const analysed = [...analysedIn(cache).filter((id) => id !== videoId), videoId].slice(-MAX_ANALYSED);
  writeStored(storageKeys.guestVideoCache, { ...cache, analysed });
}

export const guestAnalysed = (videoId: string): boolean => analysedIn(read()).includes(videoId);

/**
 * A guest who has just created an account goes on with the video they were on: it becomes the new
 * member's last video, which / opens (the server put the videos they analysed in their history).
 * The guest's cache goes with them: the next guest of this browser starts without it.
 */
export function keepLastGuestVideo(): void {
  const id = lastGuestVideo();
  if (id) writeStored(scopedKey(storageKeys.lastVideoId), id);
  removeStored(storageKeys.guestVideoCache);
}
