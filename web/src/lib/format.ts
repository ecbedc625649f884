import { clock } from '@findclips/exports/time';

export { isolated } from '@findclips/contracts';
import { fallbackThumbnail } from '@findclips/contracts';

/** 75 → '1:15', 3725 → '1:02:05' (as YouTube writes times). */
export const formatTime = clock;

export const formatRange = (start: number, end: number) => `${formatTime(start)} - ${formatTime(end)}`;

/**
 * The whole seconds a clip plays (YouTube's embed takes whole seconds): from the second it starts
 * in to the one it has ended by, one at least. Its card shows these, so that its times, its length
 * and what plays agree ('7:10 - 7:29' and '20s' said a quote of 430.3-450.0 s, which played 7:10-7:30).
 */
export function clipSpan(start: number, end: number): { from: number; to: number } {
  const from = Math.floor(start);
  return { from, to: Math.max(Math.ceil(end), from + 1) };
}

/** A clip's length as people say it: '45s', '2m 5s'. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return `${total}s`;
  const m = Math.floor(total / 60);
  const s = total % 60;
  return s ? `${m}m ${s}s` : `${m}m`;
}

/** A video's length as people say it: '12 min', '1 h 25 min'. */
export function formatLength(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** One formatter for every date: made once, as each `toLocaleDateString` with options makes one anew (slow). */
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** 'Jan 1, 2026'. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const thumbnailOf = (youtubeId: string, stored?: string | null) => stored || fallbackThumbnail(youtubeId);
