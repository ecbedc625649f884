import type { TranscriptSegment } from '@findclips/contracts';
import type { PolicyVerdict } from './provider';

/**
 * The content policy of providers without a moderation service of their own (`local`, `grok`):
 * a small documented lexicon of phrases that only occur in content we refuse to clip and share.
 * It is deliberately narrow (phrases, not single words), so that news and interviews that merely
 * mention violence or drugs pass; the README lists the categories.
 */
const POLICY_LEXICON: Record<string, RegExp[]> = {
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

/**
 * OpenAI's moderation categories that stand for ours, with the score from which they count. The
 * broad categories (violence, hate, harassment, sexual, self-harm, illicit) are left out on
 * purpose: news and interviews that report violence pass, as they do with the lexicon.
 */
const MODERATION_POLICY: Record<string, { category: string; minScore: number }> = {
  'sexual/minors': { category: 'sexual/minors', minScore: 0.5 },
  'illicit/violent': { category: 'violence/instructions', minScore: 0.8 },
  'self-harm/instructions': { category: 'self-harm/instructions', minScore: 0.8 },
  'hate/threatening': { category: 'hate/threatening', minScore: 0.8 },
};

/** Our policy categories among one moderation result's scores. */
export function policyCategories(scores: Record<string, number | null | undefined>): string[] {
  return Object.entries(MODERATION_POLICY)
    .filter(([theirs, { minScore }]) => (scores[theirs] ?? 0) >= minScore)
    .map(([, { category }]) => category);
}
