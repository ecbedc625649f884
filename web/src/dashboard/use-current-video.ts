import { isVideoId, youtubeLinkMessages } from '@findclips/contracts';
import { useEffect, useRef, type Dispatch } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import type { AuthState } from '../lib/auth';
import { useToast } from '../lib/toast';
import { readStored, removeStored, scopedKey, storageKeys, writeStored } from '../lib/storage';
import type { AnalysisAction } from './analysis-state';
import { lastGuestVideo, rememberLastGuestVideo } from './guest-videos';

function storedVideoId(member: boolean): string | null {
  if (!member) return lastGuestVideo();
  const id = readStored<string | null>(scopedKey(storageKeys.lastVideoId), null);
  return typeof id === 'string' && isVideoId(id) ? id : null;
}

function rememberVideo(member: boolean, videoId: string | null) {
  if (!member) return rememberLastGuestVideo(videoId);
  if (videoId) writeStored(scopedKey(storageKeys.lastVideoId), videoId);
  else removeStored(scopedKey(storageKeys.lastVideoId));
}

const videoIn = (params: URLSearchParams) => {
  const id = params.get('video');
  return id && isVideoId(id) ? id : null;
};

/** The router state of the entry a refused video's screen gets. */
const REFUSED = { refused: true } as const;

/**
 * The dashboard's current video, where people expect to find it again: it opens `?video=` or the
 * video last opened in this browser (once we know who is here), and keeps the URL and local
 * storage on the current video. Each video the person moves to adds a history entry, so Back and
 * Forward return to the videos before and after; opening what the URL or storage says replaces it.
 */
export function useCurrentVideo(
  auth: AuthState,
  videoId: string | null,
  dispatch: Dispatch<AnalysisAction>,
  /** A link just sent is being asked about: its video is not written until the answer (a failure may go back). */
  pending = false,
  /**
   * The video on screen was refused for good (too long): the screen that says so gets an entry of
   * its own without the video, so Back returns to the video before, and nothing remembers it.
   */
  refused = false,
) {
  const member = auth.status === 'user';
  // Which member is here: another one (signed in in another tab after this one's session ended)
  // gets their own video, not the one left on screen for the member before.
  const memberId = auth.status === 'user' ? auth.user.id : null;
  const known = auth.status !== 'loading';
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigationType();
  const entry = useRef(location.key);
  // The video being opened from the URL or storage (null: the demo), until the state shows a video:
  // its URL entry is replaced, not added (undefined: none being opened).
  const opening = useRef<string | null | undefined>(undefined);
  // Who was here: a member who signs out is on the way to /auth (the navigation runs as a
  // transition, after the user is gone), so the guest's video is neither opened nor written then.
  const wasMember = useRef(member);
  const wasMemberId = useRef(memberId);
  const leaving = useRef(false);
  // The person cleared the video: the demo gets an entry of its own, so Back returns to the video.
  const cleared = useRef(false);

  const open = (id: string | null) => {
    opening.current = id;
    dispatch(id ? { type: 'open', videoId: id } : { type: 'clear' });
  };

  useEffect(() => {
    if (!known) return;
    leaving.current = wasMember.current && !member;
    const anotherMember = wasMemberId.current !== null && memberId !== null && wasMemberId.current !== memberId;
    wasMember.current = member;
    wasMemberId.current = memberId;
    if (leaving.current) return;
    if (anotherMember) return open(storedVideoId(member));
    // A link whose video id cannot be one (cut short, mangled): say so, as the field would.
    const asked = params.get('video');
    if (asked !== null && !isVideoId(asked)) toast({ ...youtubeLinkMessages.noVideoId, variant: 'destructive' });
    // (The entry of a refused video's screen held no video: opened again, by Back from another
    // page, it holds none, rather than the video remembered for the next visit.)
    open(videoIn(params) ?? ((location.state as typeof REFUSED | null)?.refused ? null : storedVideoId(member)));
    // A visitor who becomes a guest (the first guest call sets the gid cookie, perhaps while their
    // first link is being sent) is the same person: nothing to open again.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the person changes, not the URL it then writes
  }, [known, member, memberId]);

  // Back and Forward: the entry's video becomes the current one.
  useEffect(() => {
    if (location.key === entry.current) return;
    entry.current = location.key;
    if (auth.status === 'loading' || navigation !== 'POP') return;
    if (videoIn(params) !== videoId) open(videoIn(params));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a move through the history only
  }, [location.key]);

  // Only when the video (or who is here) changes: a move through the history changes the URL first.
  useEffect(() => {
    if (auth.status === 'loading' || pending) return;
    if (leaving.current) return void (leaving.current = false);
    // The refused screen gets its entry (pasted on the demo too, so that Back returns to the demo),
    // one only however many refusals follow.
    const onRefusedEntry = (location.state as typeof REFUSED | null)?.refused === true;
    if (refused) return void ((params.has('video') || !onRefusedEntry) && setParams({}, { state: REFUSED }));
    // The video being opened has not reached the state yet: nothing to write until it does.
    if (opening.current && videoId === null) return;
    // Moving to another video adds an entry, and so does the person's 'Clear video' (Back returns
    // to the video). Opening what the URL or storage says replaces it, and so does leaving a video
    // otherwise (a link that failed, a video nobody analysed), so Back never lands on an entry that
    // clears itself again; and so does moving on from the refused screen, whose entry, without a
    // video, would show the demo once Back returned to it.
    const replace = (opening.current !== undefined || videoId === null || onRefusedEntry) && !cleared.current;
    opening.current = undefined;
    cleared.current = false;
    rememberVideo(member, videoId);
    if (videoIn(params) === videoId && params.has('video') === (videoId !== null)) return;
    setParams(videoId ? { video: videoId } : {}, { replace });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [videoId, member, auth.status, pending, refused]);

  /** To call as the person clears the video ('Clear video'), before the state does. */
  return { clearing: () => void (cleared.current = true) };
}
