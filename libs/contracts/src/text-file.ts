/** Why a file's bytes are not text Find Clips reads. */
export type TextFileProblem = 'utf16' | 'encoding' | 'nul';

/**
 * A file's text: UTF-8 (a byte order mark dropped), or UTF-16 with its byte order mark, as Windows
 * Notepad saves 'Unicode'. Other encodings, or bytes that are not text, are refused, not misread
 * (a browser's `File.text()` would read them as UTF-8, with U+FFFD and NULs in place of words).
 */
export function decodeTextFile(bytes: Uint8Array): { text: string } | { problem: TextFileProblem } {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : null;
  let text: string;
  try {
    text = new TextDecoder(utf16 ?? 'utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { problem: utf16 ? 'utf16' : 'encoding' };
  }
  return text.includes('\u0000') ? { problem: 'nul' } : { text };
}

/** What a person is told of a file named `name` that `decodeTextFile` refused. */
export const textFileMessages: Record<TextFileProblem, (name: string) => string> = {
  utf16: (name) => `${name} starts as UTF-16 text but does not read as such: save it as UTF-8`,
  encoding: (name) => `${name} is not UTF-8 text (another encoding, or not text at all): save it as UTF-8`,
  nul: (name) => `${name} holds NUL bytes: it is not a text file`,
};
