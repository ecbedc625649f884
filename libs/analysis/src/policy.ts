import type { TranscriptSegment } from '@findclips/contracts';
import type { PolicyVerdict } from './provider';

/**
 * The content policy of providers without a moderation service of their own (`local`, `grok`):
 * a small documented lexicon of phrases that only occur in content we refuse to clip and share.
 * It is deliberately narrow (phrases, not single words), so that news and interviews that merely
 * mention violence or drugs pass; the README lists the categories.
 */
export const POLICY_LEXICON: Record<string, RegExp[]> = {
  'sexual/minors': [/\bchild (?:porn|pornography|sexual abuse material)\b/i, /\bcsam\b/i],
  'violence/instructions': [/\bhow to (?:make|build) (?:a )?(?:pipe )?bomb\b/i, /\bbuild an explosive device\b/i],
  'self-harm/instructions': [/\b(?:best|easiest|painless) ways? to (?:kill|hurt) (?:yourself|myself)\b/i],
  'hate/threatening': [/\b(?:kill|exterminate|gas) all (?:the )?(?:jews|muslims|christians|blacks|whites|gays|immigrants)\b/i],
};

export function checkLexicon(segments: TranscriptSegment[]): PolicyVerdict {
  const text = segments.map((s) => s.text).join(' ');
  const categories = Object.entries(POLICY_LEXICON)
    .filter(([, patterns]) => patterns.some((pattern) => pattern.test(text)))
    .map(([category]) => category);
  return { flagged: categories.length > 0, categories };
}
