import type { Topic } from '@findclips/contracts';
import escapeHtml from 'escape-html';

export interface PagePreview {
  title: string;
  description: string;
  image: string | null;
  url: string;
  /** Structured data (schema.org) for search engines, rendered as JSON-LD. */
  structuredData?: object;
}

export interface KeyMomentsSource {
  name: string;
  description: string;
  thumbnailUrl: string;
  youtubeId: string;
  /** When the share was made: we do not keep YouTube's publication date. */
  uploadDate: Date;
  durationSeconds: number | null;
  /** The share's page: each topic's key moment links to its anchor there. */
  url: string;
  topics: Topic[];
}

/**
 * The shared video as schema.org's VideoObject with one Clip per topic, as Google documents key
 * moments (name, startOffset and endOffset in seconds, url to the moment on this page).
 */
export function keyMoments(source: KeyMomentsSource): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: source.name,
    description: source.description,
    thumbnailUrl: [source.thumbnailUrl],
    uploadDate: source.uploadDate.toISOString(),
    ...(source.durationSeconds ? { duration: `PT${Math.round(source.durationSeconds)}S` } : {}),
    embedUrl: `https://www.youtube.com/embed/${source.youtubeId}`,
    url: source.url,
    hasPart: source.topics.map((topic, i) => ({
      '@type': 'Clip',
      name: topic.title,
      // Whole seconds, both rounded down: a clip ends where the next one starts, never past it (but
      // for a topic under a second, which still lasts one).
      startOffset: Math.floor(topic.startTime),
      endOffset: Math.max(Math.floor(topic.endTime), Math.floor(topic.startTime) + 1),
      url: `${source.url}#topic-${i + 1}`,
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
  const description = escapeHtml(preview.description);
  const tags = [
    `<meta name="description" content="${description}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="Find Clips">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${escapeHtml(preview.url)}">`,
    ...(preview.image ? [`<meta property="og:image" content="${escapeHtml(preview.image)}">`] : []),
    `<meta name="twitter:card" content="${preview.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    ...(preview.image ? [`<meta name="twitter:image" content="${escapeHtml(preview.image)}">`] : []),
    `<link rel="canonical" href="${escapeHtml(preview.url)}">`,
    ...(preview.structuredData ? [`<script type="application/ld+json">${scriptJson(preview.structuredData)}</script>`] : []),
  ].join('');
  const withTitle = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${title}</title>`)
    : html;
  return withTitle.replace(/<\/head>/i, () => `${tags}</head>`);
}
