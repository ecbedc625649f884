/**
 * Words as said: caption tracks and meeting transcripts hold tags for what is not speech ([Music],
 * (applause), {vocalsound}), which the analysis reads past and quotes show without.
 */

/** Non-speech tags of caption tracks and meeting transcripts: [Music], (applause), {vocalsound}. */
// (A tag holds no opening bracket: from each of a run of '{' without a close, the scan read to the
// end, seconds over 100,000 of them in a caption, a stranger's sweep.)
export const NON_SPEECH = /\{[^{}]*\}|\[[^[\]]*\]|\((?:applause|laughter|music|laughs|inaudible)\)/gi;
/** Tags that stand for words nobody could make out: shown as a gap ('…'), not dropped. */
export const UNHEARD = /^[[{(](?:inaudible|unintelligible|gap|crosstalk)[\]})]$/i;

/** The words of a text as spoken, without non-speech tags. */
export const spoken = (text: string) =>
  /[[{(]/.test(text) ? text.replace(NON_SPEECH, ' ').replace(/\s+/g, ' ').trim() : text.trim();

/**
 * A quote as people read it: its verbatim words without the captions' tags ('[laughter]'), words
 * nobody made out as '…', and no part of a tag a clip's edge cut ('… as simple as possible still [Music').
 */
export function quoteText(content: string): string {
  if (!/[[\]{}()]/.test(content)) return content;
  return withoutOpenTag(content.replace(NON_SPEECH, (tag) => (UNHEARD.test(tag) ? ' … ' : ' ')))
    .replace(/^[^\s[\]{}]*[\]}]\s*/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text before a tag the clip's end cut open: from the first '[' or '{' after the last close. */
function withoutOpenTag(text: string): string {
  const lastClose = Math.max(text.lastIndexOf(']'), text.lastIndexOf('}'));
  const opens = [text.indexOf('[', lastClose + 1), text.indexOf('{', lastClose + 1)].filter((at) => at >= 0);
  return opens.length ? text.slice(0, Math.min(...opens)) : text;
}
