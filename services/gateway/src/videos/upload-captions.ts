import {
  AppError,
  captionsMessages,
  VIDEO_MAX_SECONDS,
  type TranscriptSegment,
  type UploadCaptionsRequest,
} from '@findclips/contracts';
import type { UserEntity } from '@findclips/db';
import { CAPTIONS_OVERRUN_SECONDS, reanalyze, type SubmitVideoDeps, type Submitter } from './submit-video';

/** The upload's captions as segments; a 400 naming the line when they cannot be read. */
async function readUpload(text: string): Promise<TranscriptSegment[]> {
  // The caption readers load with the first upload, not with the gateway.
  const { CAPTIONS_MAX_CUES, CaptionsError, readCaptions } = await import('@findclips/analysis');
  try {
    return readCaptions(text, { maxCues: CAPTIONS_MAX_CUES });
  } catch (error) {
    if (error instanceof CaptionsError) throw new AppError('VALIDATION_ERROR', error.message, { field: 'text' });
    throw error;
  }
}

/**
 * A member brings the captions of a video without captions on YouTube: read and checked (they
 * must end within the video), then stored once every rule of a re-analysis has passed, and
 * analysed by the same pipeline as the member's private analysis. Their later re-analyses of the
 * video read them too.
 */
export async function uploadCaptions(
  deps: SubmitVideoDeps,
  user: UserEntity,
  submitter: Submitter,
  { text, name, discardEdits }: UploadCaptionsRequest,
): Promise<void> {
  const segments = await readUpload(text);
  if (segments.at(-1)!.end > VIDEO_MAX_SECONDS + CAPTIONS_OVERRUN_SECONDS) {
    throw new AppError('VIDEO_TOO_LONG', captionsMessages.tooLong);
  }
  await reanalyze(deps, user, submitter, {
    discardEdits,
    captions: {
      end: segments.at(-1)!.end,
      store: () => deps.uploads.save(user.id, submitter.videoId, segments, name || 'pasted text'),
    },
  });
}
