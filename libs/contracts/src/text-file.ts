/** Why a file's bytes are not text Find Clips reads. */
type TextFileProblem = 'utf16' | 'encoding' | 'nul';

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/**
 * The first line (from 1) that does not decode as `encoding`: lines are decoded one by one,
 * split where a line feed is (never inside a character, in UTF-8 or UTF-16).
 */
function firstBadLine(bytes: Uint8Array, encoding: Encoding): number {
  const unit = encoding === 'utf-8' ? 1 : 2;
  const lineFeedAt = (i: number) =>
    encoding === 'utf-8'
      ? bytes[i] === 0x0a
      : encoding === 'utf-16le'
        ? bytes[i] === 0x0a && bytes[i + 1] === 0
        : bytes[i] === 0 && bytes[i + 1] === 0x0a;
  const decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  let line = 1;
  let start = 0;
  for (let i = 0; i < bytes.length; i += unit) {
    if (!lineFeedAt(i)) continue;
    try {
      decoder.decode(bytes.subarray(start, i));
    } catch {
      return line;
    }
    line++;
    start = i + unit;
  }
  return line;
}

/**
 * A file's text: UTF-8 (a byte order mark dropped), or UTF-16 with its byte order mark, as Windows
 * Notepad saves 'Unicode'. Other encodings, or bytes that are not text, are refused, not misread
 * (a browser's `File.text()` would read them as UTF-8, with U+FFFD and NULs in place of words),
 * naming the first line that is not text.
 */
export function decodeTextFile(bytes: Uint8Array): { text: string } | { problem: TextFileProblem; line: number } {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : null;
  const encoding = utf16 ?? 'utf-8';
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return { problem: utf16 ? 'utf16' : 'encoding', line: firstBadLine(bytes, encoding) };
  }
  const nul = text.indexOf('\u0000');
  if (nul < 0) return { text };
  return { problem: 'nul', line: text.slice(0, nul).split('\n').length };
}

/** What a person is told of a file named `name` that `decodeTextFile` refused at `line`. */
export const textFileMessages: Record<TextFileProblem, (name: string, line: number) => string> = {
  utf16: (name, line) => `${name}: Line ${line} does not read as UTF-16 text, as the file's start says it is: save it as UTF-8`,
  encoding: (name, line) => `${name}: Line ${line} is not UTF-8 text (another encoding, or not text at all): save it as UTF-8`,
  nul: (name, line) => `${name}: Line ${line} holds a NUL byte: it is not a text file`,
};
