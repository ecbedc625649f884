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
