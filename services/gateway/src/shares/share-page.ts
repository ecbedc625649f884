import type { Topic } from '@findclips/contracts';
import escapeHtml from 'escape-html';

export interface PagePreview {
  title: string;
  /** The tab's title, when it is not `title` (a right-to-left video title isolated in it: see `isolated`). */
  tabTitle?: string;
  /** None when the sharer gave none (or cleared it): no preview shows words they removed. */
  description: string | null;
  image: string | null;
  url: string;
  /** Structured data (schema.org) for search engines, rendered as JSON-LD. */
  structuredData?: object;
  /** The API address whose answer the page reads first: named in its head (`WebApp.page`). */
  data?: string;
}

interface KeyMomentsSource {
  name: string;
  description: string | null;
  thumbnailUrl: string;
  youtubeId: string;
  /** When the share was made: we do not keep YouTube's publication date. */
  uploadDate: Date;
  durationSeconds: number | null;
  /** The share's page: each topic's key moment links to it with its time (`?t=SECONDS`). */
  url: string;
  topics: Topic[];
}

/**
 * The shared video as schema.org's VideoObject with one Clip per topic, as Google documents key
 * moments (name, startOffset and endOffset in seconds, url to this page at the moment's time).
 */
export function keyMoments(source: KeyMomentsSource): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: source.name,
    ...(source.description ? { description: source.description } : {}),
    thumbnailUrl: [source.thumbnailUrl],
    uploadDate: source.uploadDate.toISOString(),
    ...(source.durationSeconds ? { duration: `PT${Math.round(source.durationSeconds)}S` } : {}),
    embedUrl: `https://www.youtube.com/embed/${source.youtubeId}`,
    url: source.url,
    hasPart: source.topics.map((topic) => ({
      '@type': 'Clip',
      name: topic.title,
      // Whole seconds, both rounded down: a clip ends where the next one starts, never past it (but
      // for a topic under a second, which still lasts one).
      startOffset: Math.floor(topic.startTime),
      endOffset: Math.max(Math.floor(topic.endTime), Math.floor(topic.startTime) + 1),
      // The page's own address with the time, as Google documents a clip's url; the page opens
      // at the topic then.
      url: `${source.url}?t=${Math.floor(topic.startTime)}`,
    })),
  };
}

/**
 * JSON for a script element: '<', '>' and '&' as \u escapes (so no text can close the element or
 * open a comment), and the two line separators JavaScript once refused.
 */
const scriptJson = (value: object) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The app's HTML with the page's title, description, Open Graph and Twitter card tags, so a link
 * pasted in a chat or social app shows a preview. Every value is HTML-escaped.
 */
export function withPreview(html: string, preview: PagePreview): string {
  const title = escapeHtml(preview.title);
  const description = preview.description === null ? null : escapeHtml(preview.description);
  const described = (tag: string) => (description === null ? [] : [tag]);
  const tags = [
    ...described(`<meta name="description" content="${description}">`),
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="Find Clips">`,
    `<meta property="og:title" content="${title}">`,
    ...described(`<meta property="og:description" content="${description}">`),
    `<meta property="og:url" content="${escapeHtml(preview.url)}">`,
    ...(preview.image ? [`<meta property="og:image" content="${escapeHtml(preview.image)}">`] : []),
    `<meta name="twitter:card" content="${preview.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${title}">`,
    ...described(`<meta name="twitter:description" content="${description}">`),
    ...(preview.image ? [`<meta name="twitter:image" content="${escapeHtml(preview.image)}">`] : []),
    `<link rel="canonical" href="${escapeHtml(preview.url)}">`,
    ...(preview.structuredData ? [`<script type="application/ld+json">${scriptJson(preview.structuredData)}</script>`] : []),
  ].join('');
  const withTitle = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(preview.tabTitle ?? preview.title)}</title>`)
    : html;
  return withTitle.replace(/<\/head>/i, () => `${tags}</head>`);
}
