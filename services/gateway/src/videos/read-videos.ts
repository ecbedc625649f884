import { AppError, captionsMessages, videoMessages, type HistoryVideo, type VideoTranscript } from '@findclips/contracts';
import { readTranscript, type CachedVideos, type MemberHistory, type UploadedTranscripts } from '@findclips/db';

/** A read a browser may keep: the answer, and the tag that says it has not changed. */
interface Tagged<T> {
  etag: string;
  body: T;
}

/** The member's history, the latest first ('recent') or by title. */
export async function memberHistory(history: MemberHistory, userId: number, sort: 'recent' | 'title'): Promise<HistoryVideo[]> {
  const rows = await history.list(userId, sort);
  return rows.map((row) => ({
    id: row.id,
    videoId: row.youtubeId,
    youtubeId: row.youtubeId,
    title: row.title,
    thumbnailUrl: row.thumbnailUrl,
    processedAt: row.processedAt.toISOString(),
    createdAt: row.analyzedAt.toISOString(),
    durationSeconds: row.durationSeconds,
    topicCount: row.topicCount,
  }));
}

/**
 * The transcript of a finished analysis, read by whoever may read the analysis (it is public, as
 * the captions are on YouTube), as it is answered; NOT_FOUND before it is finished, or when its
 * captions are no longer those `tag` names.
 */
export async function readFinishedTranscript(cached: CachedVideos, videoId: string, tag: string): Promise<VideoTranscript> {
  const row = await cached.findFinishedTranscript(videoId, tag);
  if (!row) throw new AppError('NOT_FOUND', videoMessages.notFound);
  return { videoId, segments: readTranscript(row.transcriptData).map(({ text, start, end }) => ({ text, start, end })) };
}

/** The captions a member brought for a video, as the transcript of a finished analysis is served. */
export async function uploadedTranscript(
  uploads: UploadedTranscripts,
  userId: number,
  videoId: string,
): Promise<Tagged<VideoTranscript>> {
  const upload = await uploads.find(userId, videoId);
  if (!upload) throw new AppError('NOT_FOUND', captionsMessages.noneUploaded);
  return { etag: `"${upload.version}"`, body: { videoId, segments: upload.segments } };
}
