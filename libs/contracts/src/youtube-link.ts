/** The two toasts of a link that cannot be read, as title and description. */
export const youtubeLinkMessages = {
  invalidUrl: { title: 'Invalid URL ⚠️', description: 'Please enter a valid YouTube URL' },
  noVideoId: { title: 'Invalid YouTube URL ⚠️', description: 'Could not extract video ID from the URL' },
} as const;

/** A YouTube video id: exactly 11 characters of [A-Za-z0-9_-]. */
export const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

export const isVideoId = (value: string) => VIDEO_ID_PATTERN.test(value);

/** The video's picture when YouTube gave none (or we kept none): YouTube's own, at 480×360. */
export const fallbackThumbnail = (videoId: string) => `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/hqdefault.jpg`;

/** The video's plain link on YouTube: `https://www.youtube.com/watch?v=ID`. */
export const watchLink = (videoId: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

/** youtube.com or youtu.be, with an optional http(s):// and www. or m. prefix. */
const YOUTUBE_LINK = /^(?:https?:\/\/)?(?:(?:www|m)\.)?(youtube\.com|youtu\.be)(?=[/?#]|$)/i;

/** Path forms that carry the id as their second part: /embed/ID, /shorts/ID, /live/ID, /v/ID. */
const ID_PATHS = new Set(['embed', 'shorts', 'live', 'v']);

/**
 * Embeds of a playlist (/embed/videoseries?list=…) and of a channel's live stream
 * (/embed/live_stream?channel=…): words of 11 characters in the id's place, naming no video.
 */
const NOT_IDS = new Set(['videoseries', 'live_stream']);

type YoutubeLinkResult =
  { ok: true; videoId: string } | { ok: false; reason: 'invalidUrl' | 'noVideoId'; title: string; description: string };

const refuse = (reason: 'invalidUrl' | 'noVideoId'): YoutubeLinkResult => ({ ok: false, reason, ...youtubeLinkMessages[reason] });

/**
 * What a link copied from a sentence or a message brings around it, never part of one: quotes,
 * brackets, invisible spaces, and after it the sentence's own punctuation.
 */
const BEFORE_LINK = new Set([...'"\'“”‘’«»<([', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF']);
const AFTER_LINK = new Set([...'"\'“”‘’«»>)].,;:!?', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF']);

/** `text` without what came around the link (one pass from each end: linear in its length). */
function pastedLink(text: string): string {
  const trimmed = text.trim();
  let start = 0;
  let end = trimmed.length;
  while (start < end && (BEFORE_LINK.has(trimmed[start]!) || /\s/.test(trimmed[start]!))) start++;
  while (end > start && (AFTER_LINK.has(trimmed[end - 1]!) || /\s/.test(trimmed[end - 1]!))) end--;
  return trimmed.slice(start, end);
}

/** Reads the 11-character video id out of a pasted YouTube link: watch, youtu.be, embed, shorts, live or v/ forms. */
export function parseYoutubeLink(input: string): YoutubeLinkResult {
  const text = pastedLink(input);
  const host = YOUTUBE_LINK.exec(text);
  if (!host) return refuse('invalidUrl');

  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return refuse('invalidUrl');
  }
  const parts = url.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined;
  if (host[1]!.toLowerCase() === 'youtu.be') candidate = parts[0];
  else if (parts[0] === 'watch') candidate = url.searchParams.get('v');
  // The old Flash embeds' /v/ID&hl=en_US&fs=1 puts their parameters in the path.
  else if (parts[0] && ID_PATHS.has(parts[0])) candidate = parts[0] === 'v' ? parts[1]?.split('&')[0] : parts[1];
  if (candidate && NOT_IDS.has(candidate)) return refuse('noVideoId');

  return candidate && isVideoId(candidate) ? { ok: true, videoId: candidate } : refuse('noVideoId');
}
