import escapeHtml from 'escape-html';

export interface PagePreview {
  title: string;
  description: string;
  image: string | null;
  url: string;
}

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
  ].join('');
  const withTitle = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${title}</title>`)
    : html;
  return withTitle.replace(/<\/head>/i, () => `${tags}</head>`);
}
