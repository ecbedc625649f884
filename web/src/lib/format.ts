import { clock } from '@findclips/exports/time';

/** A clip's whole seconds, as its card shows them and the Markdown notes write them. */
export { clipSpan } from '@findclips/exports/time';

export { isolated } from '@findclips/contracts';
import { fallbackThumbnail } from '@findclips/contracts';

/** 75 → '1:15', 3725 → '1:02:05' (as YouTube writes times). */
export const formatTime = clock;

export const formatRange = (start: number, end: number) => `${formatTime(start)} - ${formatTime(end)}`;

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
