import { AnalysisError, analyzeTranscript, pickProvider, type AnalysisProvider } from '@findclips/analysis';
import { VIDEO_MAX_SECONDS, videoMessages, type AnalysisProviderName, type ErrorCode } from '@findclips/contracts';
import {
  analysisEvent,
  analysisJobSchema,
  publishAnalysisEvent,
  retryDelay,
  type AnalysisJob,
  type Publisher,
} from '@findclips/queue';
import {
  CachedVideos,
  GuestAnalyses,
  MemberAnalyses,
  MemberGoneError,
  MemberHistory,
  readTopics,
  UploadedTranscripts,
} from '@findclips/db';
import { CAPTIONS_WITHOUT_WORDS, descriptionChapters, YoutubeError, type YoutubeClient } from '@findclips/youtube';
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { isServiceUnavailable, type GuestPayers, type VideoFailures } from '@findclips/runtime';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { JobMetrics } from './job-metrics';

/** The tables the job reads and writes, each through its one owner in libs/db. Writes are idempotent: a retried job may repeat them. */
interface AnalysisTables {
  cached: CachedVideos;
  guests: GuestAnalyses;
  memberAnalyses: MemberAnalyses;
  history: MemberHistory;
  uploads: UploadedTranscripts;
}

export const analysisTables = (db: DataSource): AnalysisTables => ({
  cached: new CachedVideos(db),
  guests: new GuestAnalyses(db),
  memberAnalyses: new MemberAnalyses(db),
  history: new MemberHistory(db),
  uploads: new UploadedTranscripts(db),
});

interface AnalysisJobDeps {
  tables: AnalysisTables;
  youtube: YoutubeClient;
  providers: Map<AnalysisProviderName, AnalysisProvider>;
  defaultProvider: AnalysisProviderName;
  publisher: Publisher;
  /** Videos YouTube refused us lately, shared with the gateway so that nobody pays for them again. */
  failures: VideoFailures;
  /** The guests who paid for a shared analysis: their credits come back should it fail. */
  payers: GuestPayers;
  keyPrefix: string;
  chunkConcurrency: number;
  /** How long a job's lock lasts (WORKER_LOCK_MS): renewed once more before its result is stored. */
  lockMs?: number;
  logger: Logger;
  metrics?: JobMetrics;
}

/**
 * The job is another worker's now: this one stopped past its lock (a paused container, a long
 * pause) and the job was given to another, which stores and announces its result.
 */
class TakenOver extends Error {
  constructor() {
    super('the job was given to another worker while this one was stopped');
  }
}

/** A failure as the user will read it, and whether another attempt may succeed. */
function classify(error: unknown): { code: ErrorCode; message: string; transient: boolean; categories: string[] } {
  if (error instanceof YoutubeError)
    return { code: error.code, message: error.message, transient: error.transient, categories: [] };
  if (error instanceof AnalysisError)
    return { code: error.code, message: error.message, transient: error.transient, categories: error.categories };
  // The member's account was deleted while their analysis ran: no attempt has anyone to store it for.
  if (error instanceof MemberGoneError)
    return { code: 'ANALYSIS_FAILED', message: 'This account no longer exists.', transient: false, categories: [] };
  return { code: 'ANALYSIS_FAILED', message: 'The analysis failed. Please try again.', transient: true, categories: [] };
}

/**
 * A shared analysis whose video row went while it ran (an operator's removal): nothing stored,
 * so nothing is announced; the next attempt fetches the video again.
 */
const notStored = () => new Error('the analysis was not stored: its video row was removed meanwhile');

/**
 * What the gateway's lookup of a video could not see, told to it, or every visitor would pay for
 * the same failure again: the video gone, or the captions its player lists without a word (then
 * it has no captions for the gateway's rules, which still let a member bring their own).
 */
async function rememberRefusal(failures: VideoFailures, videoId: string, error: unknown): Promise<void> {
  if (!(error instanceof YoutubeError)) return;
  if (error.code === 'VIDEO_UNAVAILABLE') await failures.remember(videoId, { code: error.code, message: error.message });
  else if (error.code === 'NO_TRANSCRIPT' && error.detail === CAPTIONS_WITHOUT_WORDS) await failures.noCaptions(videoId);
}

/** What BullMQ says of a job that stalled more often than the worker's `maxStalledCount`. */
export const STALLED_TOO_OFTEN = 'job stalled more than allowable limit';

/**
 * Records a job's final failure on the video's row (shared analyses: members' keep no status), gives
 * the guests who paid for it their credits back, and announces it to whoever waits for the video.
 */
async function recordFailure(
  deps: AnalysisJobDeps,
  data: AnalysisJob,
  failure: { code: ErrorCode; message: string; categories: string[] },
  log: Logger,
): Promise<void> {
  if (data.scope === 'shared') {
    try {
      const recorded = await deps.tables.cached.markFailed(
        data.videoId,
        failure.code,
        failure.message,
        failure.categories,
        data.provider,
      );
      const status = recorded ? 'failed' : (await deps.tables.cached.statusOf(data.videoId))?.status;
      // Analysed after all (an attempt stored it, then its worker died or Redis refused its event):
      // no failure to announce.
      if (status === 'complete') return;
      // Failed before the video was stored (no captions yet): told to check-status from Redis.
      if (status === undefined) {
        await deps.failures.analysisFailed(data.videoId, failure).catch((error: unknown) => {
          log.warn({ err: error }, 'failure of a video not stored yet not recorded: Redis did not take it');
        });
      }
    } catch (error) {
      // PostgreSQL away: the failure is announced all the same, or whoever waits would wait for
      // ever; the row's 'analyzing' is read as failed once no job runs for it (check-status).
      log.error({ err: error }, 'failure not recorded on the video: the database did not take it');
    }
    // Before the announcement, on which a guest's page reads its credits again.
    const refunded = await deps.payers.refund(data.videoId).catch((error: unknown) => {
      log.warn({ err: error }, "guests' credits not given back: Redis did not take it");
      return [];
    });
    if (refunded.length > 0) {
      log.info({ refunded: refunded.length }, "guests' credits given back for an analysis they never got");
      // Paid back, the video is not theirs: should someone else have it analysed, it costs them a credit.
      await deps.tables.guests.forget(refunded, data.videoId).catch((error: unknown) => {
        log.warn({ err: error }, "refunded guests' videos not forgotten: the database did not take it");
      });
    }
  }
  await publishEvent(deps, data, 'ANALYSIS_ERROR', log, {
    errorType: failure.code,
    errorMessage: failure.message,
    errorCategories: failure.categories,
  });
}

/** Waits before each new try of an event Redis did not take (a restart takes a few seconds). */
const PUBLISH_RETRY_MS = [500, 1_000, 2_000, 4_000];

/**
 * Publishes an event; when Redis does not take it, tries again for a few seconds, since a browser
 * waits for the analysis' last event, and the attempt failing for it would run a member's
 * analysis again. 'Started' only is given up at once: progress shows without it.
 */
async function publishEvent(
  deps: AnalysisJobDeps,
  data: AnalysisJob,
  type: Parameters<typeof analysisEvent>[0],
  log: Logger,
  details = {},
): Promise<void> {
  const owner = data.scope === 'private' ? data.userId : null;
  const event = analysisEvent(type, data.videoId, { userId: owner, ...details });
  const waits = type === 'ANALYSIS_STARTED' ? [] : PUBLISH_RETRY_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      await publishAnalysisEvent(deps.publisher, deps.keyPrefix, event);
      log.info({ event: type }, 'event published');
      return;
    } catch (error) {
      const wait = waits[attempt];
      log.warn({ event: type, err: error, retryInMs: wait }, 'event not published: Redis did not take it');
      if (wait === undefined) {
        if (type === 'ANALYSIS_STARTED') return;
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** An error and its causes, outermost first (what we say, then what the provider said). */
function causeChain(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let at = error; at instanceof Error && chain.length < 5; at = at.cause) chain.push(at);
  return chain;
}

/**
 * A job BullMQ failed without running it again, because it stalled more often than the worker
 * allows (its worker killed mid-job each time, as by a transcript that runs it out of memory):
 * recorded and announced as any last attempt's failure is. Others failed in the job itself, which
 * recorded them.
 */
export function createStalledFailure(deps: AnalysisJobDeps) {
  return async function stalledTooOften(job: Job<AnalysisJob> | undefined, error: Error): Promise<void> {
    if (!job || error.message !== STALLED_TOO_OFTEN) return;
    const parsed = analysisJobSchema.safeParse(job.data);
    if (!parsed.success) return;
    const data = parsed.data;
    const log = deps.logger.child({ jobId: job.id, videoId: data.videoId, scope: data.scope, requestId: data.requestId });
    log.error({ errorType: 'ANALYSIS_FAILED' }, 'analysis failed: its worker stopped mid-job too often');
    deps.metrics?.finished('none', 'failed', 0);
    await recordFailure(deps, data, classify(error), log);
  };
}

/**
 * How often a job waits for our database to come back, without spending one of its attempts (which
 * a failure of the job's own spends), each wait twice the one before from 2 s, 30 s at most: about
 * 10 minutes in all before the outage counts as an attempt. (Redis holds the queue itself: while it
 * is away the job cannot be moved, and fails its attempt as before.)
 */
export const OUTAGE_WAITS = 24;

/** PostgreSQL's classes of a failure a later try may not meet: connection, rollback (a deadlock), resources, operator. */
const PASSING_CLASSES = /^(08|40|53|57)/;
const mayPassLater = (error: unknown) =>
  isServiceUnavailable(error) || PASSING_CLASSES.test(String((error as { code?: unknown } | null)?.code ?? ''));

/** A failure of our own code or servers, not the analysis's (a provider's answer) nor YouTube's. */
const isOurs = (error: unknown) => !(error instanceof AnalysisError || error instanceof YoutubeError);

/**
 * How long a job whose attempt met our database away waits before its next start, without
 * spending the attempt (`waited`: the outages it waited out before), or null when the failure is
 * no such wait: the analysis's own, YouTube's, not an outage, or an outage waited out too long.
 */
export function outageWait(
  job: Pick<Job, 'attemptsStarted' | 'attemptsMade'>,
  error: unknown,
): { delayMs: number; waited: number } | null {
  // Starts of this job that neither failed nor are this one: outages waited out (or stalls).
  const waited = Math.max(0, (job.attemptsStarted ?? 0) - 1 - job.attemptsMade);
  if (!isOurs(error) || !isServiceUnavailable(error) || waited >= OUTAGE_WAITS) return null;
  return { delayMs: Math.min(2_000 * 2 ** waited, 30_000), waited };
}

/**
 * The analysis job: transcript (stored once, so a retry skips it) → content policy → provider →
 * grounding → stored result → event. Transient failures are thrown to be retried with backoff;
 * permanent ones and the last attempt are recorded on the row and announced once. Our own database
 * being away is no failure of the analysis: the job waits for it (`OUTAGE_WAITS`), its attempts
 * kept (a 20 s outage of PostgreSQL used all four, and failed every analysis in flight).
 * BullMQ gives the `token` that lets the job move itself; called without one, it does not wait.
 */
export function createAnalysisJob(deps: AnalysisJobDeps) {
  const { tables, youtube } = deps;
  const { cached, memberAnalyses, history, uploads } = tables;

  return async function analyze(job: Job<AnalysisJob>, token?: string): Promise<void> {
    const data = analysisJobSchema.parse(job.data);
    const { videoId, scope } = data;
    const log = deps.logger.child({ jobId: job.id, attempt: job.attemptsMade + 1, videoId, scope, requestId: data.requestId });
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    // Which provider ran, once one was picked; whether the failure came from it.
    let providerName: string | null = null;
    let providerModel: string | undefined;
    let inProvider = false;
    // Whether the result is stored (what is left is to announce it).
    let stored = false;
    // Each event is logged with the job's requestId: request, job and events share one id.
    const publish = (type: Parameters<typeof analysisEvent>[0]) => publishEvent(deps, data, type, log);
    /**
     * Still ours? Its lock renewed, it is; not renewed, another worker runs it, or will (a lock
     * lapsed is a stalled job, run again): its result, or its failure, is that run's. A check, not a
     * fence: a pause between it and the writes after it is not seen. (Redis not answering us:
     * nothing can be known, and the attempt goes on, as before the check.) Without BullMQ's token, ours.
     * A lock gone with its job (Redis lost its data: restarted without persistence, failed over to an
     * empty replica, flushed) is ours too: no worker has the job to run again, and its result thrown
     * away left the video 'analyzing' and its page waiting, nothing announced. Not a member's
     * re-analysis: their page, finding no job, has said it ended unfinished, and what they did
     * since (edits, another re-analysis) would be replaced by a result they were told was lost.
     */
    const stillOurs = async () => {
      if (!token || (await job.extendLock(token, deps.lockMs ?? 30_000).catch(() => 1)) === 1) return true;
      return data.scope === 'shared' && (await job.getState().catch(() => 'active')) === 'unknown';
    };
    /** Announces the analysis stored; the guests who paid for a shared one had it, and are no longer owed. */
    const analyzed = async () => {
      if (data.scope === 'shared') {
        await deps.payers.settled(videoId).catch((error: unknown) => {
          log.warn({ err: error }, 'the guests who paid for the analysis not forgotten: Redis did not take it');
        });
      }
      await publish('VIDEO_ANALYZED');
    };
    /**
     * The member's history of an analysis stored already. A write a later try may get through (our
     * database away, a deadlock) fails the attempt, and the next announces the stored analysis; one
     * that cannot, or on the last attempt, is logged and the analysis announced without it: what the
     * member asked for is stored, and saying it failed is wrong (a stranger's database audit: a NUL
     * in a caption announced each re-analysis as failed, while it was stored and the edits gone).
     */
    const recordHistory = async (...args: Parameters<MemberHistory['recordAnalysis']>) => {
      try {
        await history.recordAnalysis(...args);
      } catch (error) {
        // The shared analysis stands for everyone else, whoever asked for it is gone.
        if (error instanceof MemberGoneError) return log.info('member gone: no history to record');
        if (mayPassLater(error) && job.attemptsMade + 1 < (job.opts.attempts ?? 1)) throw error;
        log.error({ err: error }, "analysis stored, but the member's history could not be written: announced without it");
      }
    };

    try {
      await publish('ANALYSIS_STARTED');
      // A member's analysis reads the captions they uploaded for the video, if they did: once the
      // turn on the video that queued it (and stored them) has ended.
      const uploaded = data.scope === 'private' ? await uploads.afterTurn(data.userId, videoId) : null;
      let video = uploaded
        ? await cached.withUploadedCaptions(videoId, uploaded.segments, () => youtube.fetchDetails(videoId))
        : await cached.findWithCaptions(videoId);
      if (!video) {
        const fetched = await youtube.fetchVideo(videoId).catch(async (error: unknown) => {
          await rememberRefusal(deps.failures, videoId, error).catch((cause: unknown) =>
            log.warn({ err: cause }, 'failure not remembered: Redis did not take it'),
          );
          throw error;
        });
        await cached.saveFetched(fetched.details, fetched.language, fetched.segments);
        video = await cached.findWithCaptions(videoId);
        if (!video) throw new AnalysisError('NO_TRANSCRIPT', videoMessages.noCaptions);
      }
      if ((video.durationSeconds ?? 0) > VIDEO_MAX_SECONDS) throw new AnalysisError('VIDEO_TOO_LONG', videoMessages.tooLong);

      if (scope === 'shared' && !(await cached.markAnalyzing(videoId))) {
        const finished = await cached.find(videoId);
        if (finished?.analysisStatus !== 'complete') throw notStored();
        log.info('shared analysis already complete: nothing to analyse');
        // Its history is written again: it may be what failed the attempt before (a stranger's review).
        if (data.userId !== null) await recordHistory(data.userId, videoId, video, readTopics(finished.analyzedTopics));
        stored = true;
        await analyzed();
        return;
      }

      // A member's analysis this run stored already (then its last event was refused, or its
      // worker died): its history is written again (it may be what failed), then it is announced.
      const storedBefore =
        data.scope === 'private' && data.runId ? await memberAnalyses.storedBy(data.userId, videoId, data.runId) : null;
      if (storedBefore) {
        log.info("member's analysis already stored by this run: announcing it");
        await recordHistory(storedBefore.userId, videoId, video, readTopics(storedBefore.analyzedTopics));
        stored = true;
        await analyzed();
        return;
      }

      const provider = pickProvider(deps.providers, data.provider, deps.defaultProvider);
      providerName = provider.name;
      providerModel = provider.model;
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
      // Still ours, its result is stored.
      if (!(await stillOurs())) throw new TakenOver();

      if (data.scope === 'shared') {
        // Not completed by this attempt: by another (announced as this one), or its row went.
        const completed = await cached.complete(videoId, result.topics, result.provider, result.model);
        if (!completed && (await cached.statusOf(videoId))?.status !== 'complete') throw notStored();
      } else {
        await memberAnalyses.save(data.userId, videoId, result.topics, {
          provider: result.provider,
          model: result.model,
          transcriptSource: uploaded ? 'upload' : 'youtube',
          runId: data.runId ?? null,
        });
      }
      if (data.userId !== null) await recordHistory(data.userId, videoId, video, result.topics);
      stored = true;

      await analyzed();
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
      if (error instanceof TakenOver) {
        log.warn('the job was given to another worker while this one was stopped: its result is not stored');
        throw error;
      }
      if (stored) {
        // Only its last event is missing: a retry announces it (a shared analysis without running again).
        log.warn({ err: error }, 'analysis stored but not announced: Redis did not take its event; the attempt fails');
        throw error;
      }
      const outage = outageWait(job, error);
      if (token && outage) {
        const { delayMs, waited } = outage;
        const moved = await job.moveToDelayed(Date.now() + delayMs, token).then(
          () => true,
          () => false,
        );
        // (Not moved: Redis, which holds the queue, is away too; the attempt fails as any would.)
        if (moved) {
          log.warn({ err: error, delayMs, waited }, 'our database is away: the job waits for it, its attempts kept');
          throw new DelayedError();
        }
      }
      const failure = classify(error);
      const ours = isOurs(error);
      const lastAttempt = !failure.transient || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      // A last failure is not this attempt's to record, log or count either when the job is another
      // worker's now: that worker may be completing it (the same check as before storing a result).
      if (lastAttempt && !(await stillOurs())) {
        log.warn({ err: error }, 'the job was given to another worker while this one was stopped: its failure is not recorded');
        throw new TakenOver();
      }
      // A provider's or YouTube's failure to be retried says what it was; its stack, the same at
      // each try, comes with the last (four of 1.8 kB a job: a stranger's observability audit).
      const chain = causeChain(error);
      const told =
        lastAttempt || ours
          ? { err: error }
          : {
              reason: chain.map((cause) => cause.message).join(': '),
              // The id the provider gave its answer (OpenAI's and xAI's `x-request-id`), to quote to its support.
              providerRequestId: chain
                .map((cause) => (cause as { requestID?: unknown }).requestID)
                .find((id): id is string => typeof id === 'string'),
            };
      log[lastAttempt ? 'error' : 'warn'](
        {
          ...told,
          provider: providerName ?? undefined,
          model: providerModel,
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
      if (!lastAttempt) {
        // A provider that asked for a longer wait than the backoff's gets it, for this attempt only
        // (BullMQ reads the backoff off the job as it fails; the job's options in Redis, which any
        // worker reads, stay its exponential).
        const delay = retryDelay(job.attemptsMade + 1, error);
        if (job.opts.backoff !== undefined && delay > retryDelay(job.attemptsMade + 1, null))
          job.opts.backoff = { type: 'fixed', delay };
        throw error;
      }
      await recordFailure(deps, data, failure, log);
      throw new UnrecoverableError(`${failure.code}: ${failure.message}`);
    }
  };
}
