/**
 * Scripts written without spaces between words (Chinese, Japanese, Thai and their neighbours): a
 * run of their letters is many words, and a word may start anywhere in it. With the marks Unicode
 * gives no script of their own that only they use: the long vowel 'ー' (ワンルーム; half-width 'ｰ')
 * and '〆'.
 */
export const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u3006\u30fc\uff70]/u;
