import { watchLink } from '@findclips/contracts';

/** Times as YouTube writes them: 75 → '1:15', 3725 → '1:02:05'; `hours` forces the H:MM:SS form. */
export function clock(seconds: number, hours = seconds >= 3600): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return hours ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A link that opens the video on YouTube at a moment: `https://www.youtube.com/watch?v=ID&t=754s`. */
export const youtubeAt = (youtubeId: string, seconds: number) => `${watchLink(youtubeId)}&t=${Math.max(0, Math.floor(seconds))}s`;

/**
 * The whole seconds a clip plays (YouTube's embed takes whole seconds): from the second it starts
 * in to the one it has ended by, one at least. The app's cards and the notes show these, so that a
 * quote's times, its length and what plays agree ('7:10 - 7:29' and '20s' said a quote of
 * 430.3-450.0 s, which played 7:10-7:30).
 */
export function clipSpan(start: number, end: number): { from: number; to: number } {
  const from = Math.floor(start);
  return { from, to: Math.max(Math.ceil(end), from + 1) };
}
