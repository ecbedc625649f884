/** How an export becomes a file on the person's disk (loaded with the first export). */

/** A name's most characters, as a reader counts them. */
const NAME_CHARACTERS = 80;

/**
 * A file name from the video's title: 'Bus lanes, explained' → 'bus-lanes-explained.srt'. Letters
 * keep their accents and marks ('Größe' → 'größe', 'データ' → 'データ'), composed as typed. A long
 * title is cut between characters as a reader sees them (never inside a letter of two UTF-16 units
 * or between a letter and its mark), and never just after a dash.
 */
export function fileName(title: string, extension: string): string {
  const words = title
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const characters = Array.from(new Intl.Segmenter().segment(words), ({ segment }) => segment);
  const name = characters.slice(0, NAME_CHARACTERS).join('').replace(/-+$/, '');
  return `${name || 'find-clips'}.${extension}`;
}

export function download(text: string, name: string, mimeType: string) {
  const url = URL.createObjectURL(new Blob([text], { type: `${mimeType};charset=utf-8` }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
