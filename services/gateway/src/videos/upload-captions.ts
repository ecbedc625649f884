import {
  AppError,
  captionsMessages,
  VIDEO_MAX_SECONDS,
  type TranscriptSegment,
  type UploadCaptionsRequest,
} from '@findclips/contracts';
import type { UserEntity } from '@findclips/db';
import { CAPTIONS_OVERRUN_SECONDS, reanalyze, type SubmitVideoDeps, type Submitter } from './submit-video';

/** The upload's captions as segments, and whether they are timed text; a 400 naming the line when they cannot be read. */
async function readUpload(text: string): Promise<{ segments: TranscriptSegment[]; timed: boolean }> {
  // The caption readers load with the first upload, not with the gateway.
  const { CAPTIONS_MAX_CUES, CaptionsError, captionsFormat, readCaptions } = await import('@findclips/analysis');
  try {
    return { segments: readCaptions(text, { maxCues: CAPTIONS_MAX_CUES }), timed: captionsFormat(text) === 'timed-text' };
  } catch (error) {
    if (error instanceof CaptionsError) throw new AppError('VALIDATION_ERROR', error.message, { field: 'text' });
    throw error;
  }
}

/**
 * A member brings the captions of a video without captions on YouTube: read once the rules that
 * need no reading of them have passed, and checked (they must end within the video), then stored
 * once every rule of a re-analysis has passed, and
 * analysed by the same pipeline as the member's private analysis. Their later re-analyses of the
 * video read them too.
 */
export async function uploadCaptions(
  deps: SubmitVideoDeps,
  user: UserEntity,
  submitter: Submitter,
  { text, name, discardEdits }: UploadCaptionsRequest,
): Promise<void> {
  await reanalyze(deps, user, submitter, {
    discardEdits,
    captions: {
      read: async () => {
        const { segments, timed } = await readUpload(text);
        // Where the captions end, as far as they say: timed text says only when its last line starts
        // (how long it lasts is guessed from its words); a subtitle file, when its latest cue ends
        // (not its last: a cue in the middle may say it lasts hours).
        const end = timed ? segments.at(-1)!.start : segments.reduce((latest, segment) => Math.max(latest, segment.end), 0);
        if (end > VIDEO_MAX_SECONDS + CAPTIONS_OVERRUN_SECONDS) throw new AppError('VIDEO_TOO_LONG', captionsMessages.tooLong);
        return { end, store: (tx) => deps.uploads.save(user.id, submitter.videoId, segments, name || 'pasted text', tx) };
      },
    },
  });
}
