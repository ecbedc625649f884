/** How an export becomes a file on the person's disk (loaded with the first export). */

/**
 * A file name from the video's title: 'Bus lanes, explained' → 'bus-lanes-explained.srt'. Letters
 * keep their accents and marks ('Größe' → 'größe', 'データ' → 'データ'), composed as typed.
 */
export const fileName = (title: string, extension: string) =>
  `${
    title
      .toLowerCase()
      .normalize('NFKC')
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'find-clips'
  }.${extension}`;

export function download(text: string, name: string, mimeType: string) {
  const url = URL.createObjectURL(new Blob([text], { type: `${mimeType};charset=utf-8` }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
