import { AnalysisError, analyzeTranscript, pickProvider, type AnalysisProvider } from '@findclips/analysis';
import { VIDEO_MAX_SECONDS, videoMessages, type AnalysisProviderName, type ErrorCode } from '@findclips/contracts';
import { analysisEvent, analysisJobSchema, publishAnalysisEvent, type AnalysisJob, type Publisher } from '@findclips/queue';
import { CachedVideos, MemberAnalyses, MemberHistory, UploadedTranscripts } from '@findclips/db';
import { descriptionChapters, YoutubeError, type YoutubeClient } from '@findclips/youtube';
import { UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { JobMetrics } from './job-metrics';

/** The tables the job reads and writes, each through its one owner in libs/db. Writes are idempotent: a retried job may repeat them. */
export interface AnalysisTables {
  cached: CachedVideos;
  memberAnalyses: MemberAnalyses;
  history: MemberHistory;
  uploads: UploadedTranscripts;
}

export const analysisTables = (db: DataSource): AnalysisTables => ({
  cached: new CachedVideos(db),
  memberAnalyses: new MemberAnalyses(db),
  history: new MemberHistory(db),
  uploads: new UploadedTranscripts(db),
});

export interface AnalysisJobDeps {
  tables: AnalysisTables;
  youtube: YoutubeClient;
  providers: Map<AnalysisProviderName, AnalysisProvider>;
  defaultProvider: AnalysisProviderName;
  publisher: Publisher;
  keyPrefix: string;
  chunkConcurrency: number;
  logger: Logger;
  metrics?: JobMetrics;
}

/** A failure as the user will read it, and whether another attempt may succeed. */
function classify(error: unknown): { code: ErrorCode; message: string; transient: boolean; categories: string[] } {
  if (error instanceof YoutubeError)
    return { code: error.code, message: error.message, transient: error.transient, categories: [] };
  if (error instanceof AnalysisError)
    return { code: error.code, message: error.message, transient: error.transient, categories: error.categories };
  return { code: 'ANALYSIS_FAILED', message: 'The analysis failed. Please try again.', transient: true, categories: [] };
}

/**
 * The analysis job: transcript (stored once, so a retry skips it) → content policy → provider →
 * grounding → stored result → event. Transient failures are thrown to be retried with backoff;
 * permanent ones and the last attempt are recorded on the row and announced once.
 */
export function createAnalysisJob(deps: AnalysisJobDeps) {
  const { tables, youtube, publisher, keyPrefix } = deps;
  const { cached, memberAnalyses, history, uploads } = tables;

  return async function analyze(job: Job<AnalysisJob>): Promise<void> {
    const data = analysisJobSchema.parse(job.data);
    const { videoId, scope } = data;
    const owner = scope === 'private' ? data.userId : null;
    const log = deps.logger.child({ jobId: job.id, attempt: job.attemptsMade + 1, videoId, scope, requestId: data.requestId });
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    // Which provider ran, once one was picked; whether the failure came from it.
    let providerName: string | null = null;
    let inProvider = false;
    // Each event is logged with the job's requestId: request, job and events share one id.
    const publish = async (type: Parameters<typeof analysisEvent>[0], details = {}) => {
      await publishAnalysisEvent(publisher, keyPrefix, analysisEvent(type, videoId, { userId: owner, ...details }));
      log.info({ event: type }, 'event published');
    };

    try {
      await publish('ANALYSIS_STARTED');
      // A member's analysis reads the captions they uploaded for the video, if they did.
      const uploaded = data.scope === 'private' ? await uploads.find(data.userId, videoId) : null;
      let video = uploaded
        ? await cached.withUploadedCaptions(videoId, uploaded.segments, () => youtube.fetchDetails(videoId))
        : await cached.findWithCaptions(videoId);
      if (!video) {
        const fetched = await youtube.fetchVideo(videoId);
        await cached.saveFetched(fetched.details, fetched.language, fetched.segments);
        video = await cached.findWithCaptions(videoId);
        if (!video) throw new AnalysisError('NO_TRANSCRIPT', 'This video has no captions to analyse.');
      }
      if ((video.durationSeconds ?? 0) > VIDEO_MAX_SECONDS) throw new AnalysisError('VIDEO_TOO_LONG', videoMessages.tooLong);

      if (scope === 'shared' && !(await cached.markAnalyzing(videoId))) {
        log.info('shared analysis already complete: nothing to do');
        await publish('VIDEO_ANALYZED');
        return;
      }

      const provider = pickProvider(deps.providers, data.provider, deps.defaultProvider);
      providerName = provider.name;
      inProvider = true;
      const result = await analyzeTranscript({
        segments: video.segments,
        durationSeconds: video.durationSeconds,
        // The creator's chapters, where YouTube shows some for the video.
        chapters: descriptionChapters(video.description, video.durationSeconds),
        provider,
        concurrency: deps.chunkConcurrency,
      });
      inProvider = false;

      if (data.scope === 'shared') await cached.complete(videoId, result.topics, result.provider, result.model);
      else {
        await memberAnalyses.save(data.userId, videoId, result.topics, {
          provider: result.provider,
          model: result.model,
          transcriptSource: uploaded ? 'upload' : 'youtube',
        });
      }
      if (data.userId !== null) await history.recordAnalysis(data.userId, videoId, video, result.topics);

      await publish('VIDEO_ANALYZED');
      deps.metrics?.finished(result.provider, 'completed', seconds());
      log.info(
        {
          provider: result.provider,
          model: result.model,
          chunks: result.chunks,
          topics: result.topics.length,
          durationMs: Math.round(performance.now() - started),
        },
        'analysis complete',
      );
    } catch (error) {
      const failure = classify(error);
      const lastAttempt = !failure.transient || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      log[lastAttempt ? 'error' : 'warn'](
        {
          err: error,
          errorType: failure.code,
          transient: failure.transient,
          durationMs: Math.round(performance.now() - started),
        },
        lastAttempt ? 'analysis failed' : 'analysis attempt failed: will retry',
      );
      if (providerName && inProvider) deps.metrics?.providerError(providerName, failure.code);
      if (error instanceof YoutubeError) {
        deps.metrics?.youtubeError(error.code);
        if (error.code === 'YOUTUBE_BLOCKED') {
          log.warn(
            { youtube: error.detail },
            'YouTube refuses this host (bot check, reCAPTCHA or consent wall): set YOUTUBE_PROXY_URL to a residential proxy',
          );
        }
      }
      deps.metrics?.finished(providerName ?? 'none', lastAttempt ? 'failed' : 'retried', seconds());
      if (!lastAttempt) throw error;
      if (scope === 'shared') await cached.markFailed(videoId, failure.code, failure.message);
      await publish('ANALYSIS_ERROR', {
        errorType: failure.code,
        errorMessage: failure.message,
        errorCategories: failure.categories,
      });
      throw new UnrecoverableError(`${failure.code}: ${failure.message}`);
    }
  };
}
