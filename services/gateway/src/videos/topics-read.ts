import type { Topic } from '@findclips/contracts';
import { readTopics, type EditedAnalysis } from '@findclips/db';

type Stored = { analyzedTopics: string | null };

/**
 * The topics a member reads of a video, wherever they are asked for (opening it, submitting its
 * link again): their edits, else their own re-analysis, else the shared analysis.
 */
export const topicsRead = (
  row: Stored,
  personal: Stored | null | undefined,
  edited: EditedAnalysis | null | undefined,
): Topic[] => (edited ? edited.topics : readTopics((personal ?? row).analyzedTopics));
