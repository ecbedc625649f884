/**
 * Scripts written without spaces between words (Chinese, Japanese, Thai and their neighbours): a
 * run of their letters is many words, and a word may start anywhere in it.
 */
export const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
