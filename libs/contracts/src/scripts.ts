/**
 * Scripts written without spaces between words (Chinese, Japanese, Thai and their neighbours): a
 * run of their letters is many words, and a word may start anywhere in it. With the marks Unicode
 * gives no script of their own that only they use: the long vowel 'ー' (ワンルーム; half-width 'ｰ')
 * and '〆'.
 */
export const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u3006\u30fc\uff70]/u;

/**
 * A character of Chinese or Japanese, or their punctuation and ellipsis: a line of them wraps into
 * the next without a space. Not UNSPACED: Thai, Lao, Khmer and Burmese put a space between
 * phrases, where their captions' lines break; and by Script_Extensions, so that the marks Chinese
 * and Japanese share ('ー', '々') count.
 */
const WRAPS_UNSPACED =
  /[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}\u3000-\u303f\uff01-\uff60\u2025\u2026]/u;
/** Whether two lines join without a space: Chinese or Japanese on both sides, or digits on one ('今年は' '2024年'). */
const joinsUnspaced = (last: string, first: string) =>
  (WRAPS_UNSPACED.test(last) && (WRAPS_UNSPACED.test(first) || /\d/.test(first))) ||
  (/\d/.test(last) && WRAPS_UNSPACED.test(first));

/**
 * A caption's lines as one text: a space between two lines, but none where a line of Chinese or
 * Japanese wraps into the next (captioners break such text anywhere; a space put there is a space
 * never written, which a search or a quote then carries).
 */
export function joinCaptionLines(lines: string[]): string {
  return lines
    .map((line, i) => {
      if (i === 0) return line;
      // By character, not UTF-16 unit ('𠮷' is two): the last of the line before, the first of this one.
      const last = Array.from(lines[i - 1]!.slice(-2)).at(-1) ?? '';
      const first = String.fromCodePoint(line.codePointAt(0) ?? 0);
      return joinsUnspaced(last, first) ? line : ` ${line}`;
    })
    .join('');
}
