import { isVideoId } from '@findclips/contracts';
import { useEffect, type Dispatch } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuthState } from '../lib/auth';
import { readStored, removeStored, scopedKey, storageKeys, writeStored } from '../lib/storage';
import type { AnalysisAction } from './analysis-state';

function storedVideoId(member: boolean): string | null {
  const id = member
    ? readStored<string | null>(scopedKey(storageKeys.lastVideoId), null)
    : readStored<{ lastVideoId?: string }>(storageKeys.guestVideoCache, {}).lastVideoId;
  return typeof id === 'string' && isVideoId(id) ? id : null;
}

function rememberVideo(member: boolean, videoId: string | null) {
  if (member) {
    if (videoId) writeStored(scopedKey(storageKeys.lastVideoId), videoId);
    else removeStored(scopedKey(storageKeys.lastVideoId));
  } else {
    writeStored(storageKeys.guestVideoCache, videoId ? { lastVideoId: videoId } : {});
  }
}

/**
 * The dashboard's current video, where people expect to find it again: it opens `?video=` or the
 * video last opened in this browser (once we know who is here), and keeps the URL and local
 * storage on the current video.
 */
export function useCurrentVideo(auth: AuthState, videoId: string | null, dispatch: Dispatch<AnalysisAction>) {
  const member = auth.status === 'user';
  const [params, setParams] = useSearchParams();

  useEffect(() => {
    if (auth.status === 'loading') return;
    const fromUrl = params.get('video');
    const opened = fromUrl && isVideoId(fromUrl) ? fromUrl : storedVideoId(member);
    dispatch(opened ? { type: 'open', videoId: opened } : { type: 'clear' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the person changes, not the URL it then writes
  }, [auth.status, member]);

  useEffect(() => {
    if (auth.status === 'loading') return;
    rememberVideo(member, videoId);
    setParams(videoId ? { video: videoId } : {}, { replace: true });
  }, [videoId, member, auth.status, setParams]);
}
