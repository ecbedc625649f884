import { GUEST_CREDITS } from '@findclips/contracts';
import { Coins, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'react-router-dom';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Button, Card, Spinner } from '../components/ui';
import { useAuth } from '../lib/auth';
import { loadToaster } from '../lib/toast';
import { useSharesMap } from '../lib/shares-map';
import { SIGN_UP_STATE } from '../lib/sign-up';
import { isolated, thumbnailOf } from '../lib/format';
import { PlaybackProvider } from '../components/playback';
import { AnalysisProgress } from './analysis-progress';
import { CaptionsUpload } from './captions-upload';
import { DEMO_TOPICS, DEMO_VIDEO } from './demo';
import { guestAnalysed } from './guest-videos';
import { ErrorScreen } from './error-screen';
import { LinkForm } from './link-form';
import { SearchSection } from './search-section';
import { ShareDialog } from './share-dialog';
import { TopicsEdit } from './topics-edit';
import { TopicsWatch } from './topics-watch';
import { TranscriptSection, transcriptOrigin } from './transcript-section';
import { useAnalysisEdits } from './use-analysis-edits';
import { useAnalysisFlow } from './use-analysis-flow';
import { DONE_TEXT, STATUS_TEXTS, useForgetEndedAnalyses, useJustFinished } from './use-progress';
import { useViewMode } from './use-view-mode';
import { VideoHeader } from './video-header';
import { useMetadata, useQueuePlace } from './video-data';
import { SpokenLanguageProvider } from '../lib/spoken-language';

/** '/': paste a link, follow the analysis live, then edit, watch and share its clips. */
export default function DashboardPage() {
  const auth = useAuth();
  const flow = useAnalysisFlow(auth);
  const { state, member, topics } = flow;
  const metadata = useMetadata(state.videoId);
  const [viewMode, setViewMode] = useViewMode(auth.status === 'user' ? auth.user.id : null);
  // Each dialog is about the video it was opened on, named here: another video on screen (Back, a
  // link) closes it, rather than leave it to act on that other video.
  const [sharingFor, setSharingFor] = useState<string | null>(null);
  const [confirmingFor, setConfirmingFor] = useState<string | null>(null);
  const [undoingFor, setUndoingFor] = useState<string | null>(null);
  // Sent here to analyse a first video ('Process Your First Video'): the link field has the focus.
  const { state: arrival } = useLocation();
  useEffect(() => {
    if ((arrival as { focusLink?: boolean } | null)?.focusLink) document.getElementById('video-link')?.focus();
  }, [arrival]);
  // The page shows most of the toasts: their widgets load now, so one shown once the network is
  // gone (a link pasted offline) is not the plain one.
  useEffect(() => void loadToaster().catch(() => undefined), []);

  const isDemo = state.videoId === null;
  const youtubeId = state.videoId ?? DEMO_VIDEO.youtubeId;
  // Until the title arrives the header shows a skeleton, not the video's id.
  const knownTitle = metadata.data?.title ?? flow.analysis?.title ?? flow.submitted?.title;
  const title = isDemo ? DEMO_VIDEO.title : (knownTitle ?? (metadata.isFetching ? null : `YouTube video ${youtubeId}`));
  // The tab is named by the video, so that the browser's history and a screen reader tell analyses apart.
  useEffect(() => {
    document.title = !isDemo && knownTitle ? `${isolated(knownTitle)} · Find Clips` : 'Find Clips';
  }, [isDemo, knownTitle]);
  const thumbnail = thumbnailOf(youtubeId, isDemo ? null : (metadata.data?.thumbnailUrl ?? flow.analysis?.thumbnailUrl));
  const running = state.phase === 'transcriptFetching' || state.phase === 'aiAnalysisInProgress';
  // Its job queued (the submission answered), an analysis may wait in line: how many are before it.
  const queuePlace = useQueuePlace(state.videoId, state.phase === 'aiAnalysisInProgress', state.reanalyzing, flow.heard);
  const complete = state.phase === 'aiAnalysisComplete';
  // (A re-analysis that failed brings the topics before it back: nothing is 'Done!'.)
  const finishing = useJustFinished(state.phase === 'aiAnalysisInProgress', complete && !state.restored);
  // A submission answered at once with its topics shows no bar, but its start was said: its end is
  // said too, else a screen reader heard 'Analyzing the entire video...' and then nothing.
  const answeredAtOnce = useJustFinished(state.phase === 'transcriptFetching', complete && !state.restored);
  useForgetEndedAnalyses(running, state.videoId);
  const shownTopics = isDemo ? DEMO_TOPICS : complete && !finishing ? topics : null;
  // The topics of a real, finished analysis: what can be shared, exported and read along.
  const analysed = !isDemo && shownTopics?.length ? shownTopics : null;
  // After an error or 'Clear video' the form starts blank, ready for the next link.
  const blank = state.phase === 'error' || state.videoId === null;
  const guestTooLong = state.phase === 'error' && state.error?.type === 'GUEST_VIDEO_TOO_LONG';
  // The member edited this analysis: a re-analysis would replace the edits, so the confirmation says so.
  const edited = member && analysed !== null && Boolean(flow.analysis?.editedAt);
  // Whether the edited video has a shared page, which keeps the topics as they were shared.
  const shares = useSharesMap({ enabled: edited });
  const sharedPage = shares.data?.some((share) => share.youtubeId === youtubeId) ?? false;
  const edits = useAnalysisEdits(youtubeId);
  const origin = transcriptOrigin(youtubeId, flow.analysis);
  const dialog = (openFor: string | null, setOpenFor: (id: string | null) => void) => ({
    open: openFor === youtubeId,
    onOpenChange: (open: boolean) => setOpenFor(open ? youtubeId : null),
  });
  // ... and stays closed when that video comes back (Forward).
  useEffect(() => {
    setSharingFor(null);
    setConfirmingFor(null);
    setUndoingFor(null);
  }, [youtubeId]);
  const sharing = dialog(sharingFor, setSharingFor);
  const confirming = dialog(confirmingFor, setConfirmingFor);
  const undoing = dialog(undoingFor, setUndoingFor);

  return (
    <PlaybackProvider>
      {/* A screen high at least: the footer stays below the fold while results come in, not
          shown under the progress card and then pushed away (a layout shift). */}
      <div className="mx-auto grid min-h-svh max-w-5xl grid-cols-1 content-start gap-6 px-4 py-6 sm:py-8">
        <section aria-labelledby="find-clips-heading" className="grid gap-3">
          <h1 id="find-clips-heading" className="sr-only">
            Find Clips
          </h1>
          <LinkForm
            blank={blank}
            current={state.videoId}
            suggested={flow.unanalysed}
            busy={state.phase === 'transcriptFetching' || flow.submitting}
            onVideo={(id, url) => void flow.submit(id, url)}
          />
          {!member && auth.status !== 'loading' && (
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
              <span className="inline-flex items-center gap-1" data-testid="guest-credits">
                <Coins className="h-4 w-4 text-amber-500" aria-hidden />
                Credits: <strong>{flow.credits ?? '…'}</strong> of {GUEST_CREDITS}
              </span>
              {!guestTooLong && (
                <Link
                  to="/auth"
                  state={SIGN_UP_STATE}
                  className="inline-flex min-h-6 items-center font-medium text-brand-700 underline"
                >
                  Sign up for unlimited access
                </Link>
              )}
            </div>
          )}
        </section>

        {/* What a screen reader hears of an analysis: that it started, then that its clips are ready,
            once each, from a region always in the page, error screens included (one added already
            filled is not reliably read, and the status texts that turn every 3 s are not read out). */}
        <p id="analysis-announcement" role="status" className="sr-only">
          {running ? STATUS_TEXTS[0] : finishing || answeredAtOnce ? DONE_TEXT : ''}
        </p>
        {state.phase === 'error' && flow.state.error ? (
          <ErrorScreen
            failure={flow.state.error}
            onRetry={() => {
              // The screen and its button are gone: the keyboard goes on from the video being loaded
              // (its link, while its title is not known yet), not from the page.
              flushSync(flow.retry);
              (document.getElementById('video-heading') ?? document.getElementById('video-link'))?.focus();
            }}
            onClear={() => {
              flow.clear();
              // The screen and its button are gone: the next link goes in the field.
              document.getElementById('video-link')?.focus();
            }}
            upload={
              member &&
              state.videoId && (
                <CaptionsUpload
                  videoId={state.videoId}
                  onQueued={() => {
                    // The form goes with the error screen: the focus goes to the video being analysed.
                    flushSync(flow.followUpload);
                    (document.getElementById('video-heading') ?? document.getElementById('video-link'))?.focus();
                  }}
                />
              )
            }
          />
        ) : (
          // The video's words below are in its captions' language (none said of the demo, nor of uploads).
          <SpokenLanguageProvider language={isDemo ? null : flow.analysis?.language}>
            <VideoHeader
              youtubeId={youtubeId}
              title={title}
              thumbnailUrl={thumbnail}
              isDemo={isDemo}
              isGuest={!member}
              viewMode={viewMode}
              onViewMode={setViewMode}
              // (The server shares a guest's own analyses only: those they analysed in this browser.)
              canShare={analysed !== null && (member || guestAnalysed(youtubeId))}
              onShare={() => sharing.onOpenChange(true)}
              menuDisabled={running}
              onClear={() => flow.clear(true)}
              reanalyze={!member || isDemo ? 'never' : complete ? 'now' : 'later'}
              onReanalyze={() => confirming.onOpenChange(true)}
              exportPending={running || finishing}
              exportSource={
                analysed && {
                  title: title ?? youtubeId,
                  youtubeId,
                  topics: analysed,
                  // The chapters' times and last chapter depend on the video's length, as the CLI's do.
                  durationSeconds: isDemo ? null : (metadata.data?.durationSeconds ?? flow.analysis?.durationSeconds ?? null),
                }
              }
            />
            {isDemo && (
              <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-700">
                This is a demo with three sample topics. Paste a YouTube link above to find the best clips of any video.
              </p>
            )}
            {(running || finishing) && (
              <AnalysisProgress running={running} done={finishing} videoId={state.videoId} ahead={queuePlace} />
            )}
            {!isDemo && state.phase === 'idle' && <Spinner label="Loading the analysis" />}
            {analysed && <SearchSection youtubeId={youtubeId} topics={analysed} transcriptUrl={origin.url} />}
            {shownTopics &&
              (shownTopics.length === 0 ? (
                <Card className="p-6 text-sm text-slate-600">No topics were found in this video.</Card>
              ) : viewMode === 'watch' ? (
                <TopicsWatch youtubeId={youtubeId} topics={shownTopics} />
              ) : (
                <>
                  {edited && <EditedNote shared={sharedPage} onUndo={() => undoing.onOpenChange(true)} />}
                  <TopicsEdit
                    youtubeId={youtubeId}
                    topics={shownTopics}
                    // The demo's clips are the product showing itself: no guest's allowance.
                    isGuest={!member && !isDemo}
                    editing={member && analysed !== null ? edits : undefined}
                  />
                </>
              ))}
            {analysed && <TranscriptSection youtubeId={youtubeId} topics={analysed} origin={origin} />}
          </SpokenLanguageProvider>
        )}

        {sharing.open && topics && <ShareDialog {...sharing} youtubeId={youtubeId} videoTitle={title ?? ''} topics={topics} />}
        <ConfirmDialog
          {...confirming}
          title="Re-analyze this video?"
          description={
            edited
              ? 'The current topics and your edits (titles, removed topics and quotes, moved starts) will be replaced by a new analysis made with your AI provider. This can take a few minutes.'
              : 'The current topics will be replaced by a new analysis made with your AI provider. This can take a few minutes.'
          }
          confirmLabel={edited ? 'Discard edits and re-analyze' : 'Re-analyze'}
          onConfirm={() => flow.reanalyze(edited)}
        />
        <ConfirmDialog
          {...undoing}
          title="Undo all edits?"
          description="The topics go back to what the analysis found: renamed titles, removed topics and quotes and moved starts are restored."
          confirmLabel="Undo all edits"
          // The button that opened it goes with the edits: the keyboard goes on to the topics.
          onConfirm={() =>
            edits.undo(undefined, {
              onSuccess: () => requestAnimationFrame(() => document.getElementById('topics')?.focus()),
            })
          }
        />
      </div>
    </PlaybackProvider>
  );
}

/** Says the topics shown are the member's edited version (and what it means for their shared page), with the way back. */
function EditedNote({ shared, onUndo }: { shared: boolean; onUndo(): void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-700">
      <p>
        You edited these topics.
        {shared && ' A shared page keeps them as they were when you shared them: share again after an edit to update it.'}
      </p>
      <Button variant="outline" onClick={onUndo}>
        <Undo2 className="h-4 w-4" aria-hidden />
        Undo all edits
      </Button>
    </div>
  );
}
