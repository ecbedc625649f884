import { useEffect, useRef, useState } from 'react';
import { readSession, removeSession, storageKeys, writeSession } from '../lib/storage';

/** The status texts, shown in turn every 3 s while a video is analysed. */
export const STATUS_TEXTS = [
  'Analyzing the entire video...',
  'Identifying the most viral moments...',
  'Ranking the top moments...',
  'Creating click-worthy titles...',
  'Extracting relevant quotes...',
  'Getting timestamps...',
  'Preparing the best clips...',
] as const;
const STATUS_ROTATE_MS = 3_000;
/** The bar never passes 85% before the analysis is done. */
const PROGRESS_CAP = 85;
/** What the card says once the analysis is done, at 100%, before the topics replace it. */
export const DONE_TEXT = 'Done! Your clips are ready.';
/** How long the finished bar stays before the topics replace it. */
const DONE_SHOWN_MS = 1_200;
const TICK_MS = 500;

/** Where this tab keeps when the analysis of a video started, so that a reload goes on from there. */
const startKey = (videoId: string) => `${storageKeys.analysisStartedAt}${videoId}`;
/** A start older than this belongs to an analysis long over: the bar starts again. */
const STALE_MS = 60 * 60_000;

/** When the analysis of `videoId` started, as this tab saw it start (now, if it did not). */
function startOf(videoId: string | null): number {
  const now = Date.now();
  if (!videoId) return now;
  const stored = Number(readSession<unknown>(startKey(videoId), 0));
  if (stored > 0 && stored <= now && now - stored < STALE_MS) return stored;
  writeSession(startKey(videoId), now);
  return now;
}

const forgetStart = (videoId: string | null) => videoId && removeSession(startKey(videoId));

/**
 * The progress of an analysis we cannot measure: it rises toward 85% with time (each half second
 * covers 4% of what is left) and jumps to 100% when done; the status text rotates every 3 s. Both
 * count from when the analysis started in this tab, so a reload goes on where it was.
 */
export function useAnalysisProgress(running: boolean, done: boolean, videoId: string | null = null) {
  // Read at once, so that a reload shows the bar where it was from its first frame.
  const [started, setStarted] = useState<number | null>(() => (running ? startOf(videoId) : null));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!running) return setStarted(null);
    setStarted(startOf(videoId));
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(tick);
  }, [running, videoId]);

  const elapsed = running && started !== null ? Math.max(0, now - started) : 0;
  const progress = PROGRESS_CAP - (PROGRESS_CAP - 5) * Math.pow(0.96, Math.floor(elapsed / TICK_MS));
  const status = STATUS_TEXTS[Math.floor(elapsed / STATUS_ROTATE_MS) % STATUS_TEXTS.length]!;
  return { progress: done ? 100 : running ? progress : 0, status };
}

/**
 * Forgets when an analysis started once it stops running here, whichever way (topics, a cached
 * answer, an error, a clear, another video), so that the next one starts afresh; a reload, which
 * never sees it stop, goes on from it. For the dashboard, which stays while the bar comes and goes.
 */
export function useForgetEndedAnalyses(running: boolean, videoId: string | null) {
  const before = useRef({ running, videoId });
  useEffect(() => {
    const last = before.current;
    if (last.running && (!running || last.videoId !== videoId)) forgetStart(last.videoId);
    before.current = { running, videoId };
  }, [running, videoId]);
}

/**
 * True for a moment after an analysis this page followed has finished, so the bar is seen to reach
 * 100% before the topics replace it. A cached answer (never analysing here) shows its topics at once.
 */
export function useJustFinished(analysing: boolean, complete: boolean): boolean {
  const [finished, setFinished] = useState(false);
  const followed = useRef(false);

  useEffect(() => {
    if (analysing) {
      followed.current = true;
      return;
    }
    const shown = followed.current && complete;
    followed.current = false;
    if (!shown) return;
    setFinished(true);
    const timer = setTimeout(() => setFinished(false), DONE_SHOWN_MS);
    return () => {
      clearTimeout(timer);
      setFinished(false);
    };
  }, [analysing, complete]);

  return finished;
}
