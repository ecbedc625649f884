import { useEffect, useRef, useState } from 'react';

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
export const STATUS_ROTATE_MS = 3_000;
/** The bar never passes 85% before the analysis is done. */
export const PROGRESS_CAP = 85;
/** What the card says once the analysis is done, at 100%, before the topics replace it. */
export const DONE_TEXT = 'Done! Your clips are ready.';
/** How long the finished bar stays before the topics replace it. */
export const DONE_SHOWN_MS = 1_200;
const TICK_MS = 500;

/**
 * The progress of an analysis we cannot measure: it rises toward 85% with time (each tick covers
 * 4% of what is left) and jumps to 100% when done; the status text rotates every 3 s.
 */
export function useAnalysisProgress(running: boolean, done: boolean) {
  const [progress, setProgress] = useState(0);
  const [statusIndex, setStatusIndex] = useState(0);

  useEffect(() => {
    if (!running) return;
    setProgress(5);
    setStatusIndex(0);
    const rise = setInterval(() => setProgress((p) => Math.min(PROGRESS_CAP, p + (PROGRESS_CAP - p) * 0.04)), TICK_MS);
    const rotate = setInterval(() => setStatusIndex((i) => (i + 1) % STATUS_TEXTS.length), STATUS_ROTATE_MS);
    return () => {
      clearInterval(rise);
      clearInterval(rotate);
    };
  }, [running]);

  return { progress: done ? 100 : running ? progress : 0, status: STATUS_TEXTS[statusIndex]! };
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
