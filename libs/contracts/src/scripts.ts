/**
 * Scripts written without spaces between words (Chinese, Japanese, Thai and their neighbours): a
 * run of their letters is many words, and a word may start anywhere in it. With the marks Unicode
 * gives no script of their own that only they use: the long vowel 'ー' (ワンルーム; half-width 'ｰ')
 * and '〆'.
 */
export const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u3006\u30fc\uff70]/u;

/**
 * Scripts of UNSPACED whose words only a dictionary finds, and whose lines break between words, not
 * between characters (Thai, Lao, Khmer, Burmese: a cut between characters splits a word, even a
 * vowel from its consonant, 'เ|ที่ยว').
 */
export const DICTIONARY_SCRIPTS = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Cuts a run of a script without spaces into its words: the platform's dictionary (ICU), made when first asked. */
let dictionary: Intl.Segmenter | undefined;
/** How much text the dictionary reads at once: ICU's time grows faster than the length of a run. */
const DICTIONARY_PIECE = 256;

/**
 * A text cut as the platform's dictionary (ICU) cuts it: its words and what lies between them,
 * each with where it starts. A text longer than DICTIONARY_PIECE is read a piece at a time, cut
 * where no mark or second half of a character follows (a word at a cut is cut too): in one piece,
 * a run of a million letters kept ICU busy for over ten minutes (a stranger's review).
 */
export function* dictionarySegments(text: string): Generator<{ segment: string; index: number; isWordLike: boolean }> {
  for (let from = 0; from < text.length;) {
    let to = Math.min(from + DICTIONARY_PIECE, text.length);
    while (to < text.length && /[\p{M}\uDC00-\uDFFF]/u.test(text[to]!)) to++;
    dictionary ??= new Intl.Segmenter(undefined, { granularity: 'word' });
    for (const part of dictionary.segment(text.slice(from, to)))
      yield { segment: part.segment, index: from + part.index, isWordLike: part.isWordLike ?? false };
    from = to;
  }
}

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
