import { Thumbnail } from '../components/thumbnail';
import { shareTabTitle, type SharedAnalysisResponse, type Topic } from '@findclips/contracts';
import { useQuery } from '@tanstack/react-query';
import { Eye, Film } from 'lucide-react';
import { memo, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useParams } from 'react-router-dom';
import { ClipPlayer } from '../components/clip-player';
import { LazyMount } from '../components/lazy-clip';
import { useRevealFocus } from '../components/reveal-focus';
import { ExportMenu } from '../components/export-menu';
import { MomentLinks } from '../components/moment-links';
import { PlaybackProvider } from '../components/playback';
import { openAmong, QuoteCard } from '../components/quote-card';
import { Badge, Card, Skeleton, buttonClass } from '../components/ui';
import { ApiError, apiRequest, UNREACHABLE } from '../lib/api';
import { formatRange, plural, thumbnailOf } from '../lib/format';
import { SpokenLanguageProvider, spokenText } from '../lib/spoken-language';

/** The topic list shows 4 until expanded. */
export const TOPICS_COLLAPSED = 4;

/** The share's answer; any other answer is 'Shared analysis not found', with the answer as its cause. */
async function fetchShare(shareId: string): Promise<SharedAnalysisResponse> {
  try {
    return await apiRequest<SharedAnalysisResponse>('GET', `/api/shared/${encodeURIComponent(shareId)}`);
  } catch (error) {
    throw new Error('Shared analysis not found', { cause: error });
  }
}

const UNAVAILABLE = 'Find Clips could not load this shared analysis just now. Try again in a moment.';

/**
 * Why the share did not show, when it may well be there: no answer (offline, and while the query
 * waits for the network), or a server that failed or is busy. Null when there is no such share.
 */
function whyNotShown(error: Error | null, offline: boolean): string | null {
  const cause = error?.cause;
  if (offline || (cause instanceof ApiError && cause.status === 0)) return UNREACHABLE;
  return cause instanceof ApiError && (cause.status === 429 || cause.status >= 500) ? UNAVAILABLE : null;
}

const videoTitleOf = (data: SharedAnalysisResponse) => data.video.title ?? `YouTube video ${data.youtubeId}`;
const titleOf = (data: SharedAnalysisResponse) => shareTabTitle(data.title, videoTitleOf(data));

/** /shared/{shareId}: the public, watch-only page of a shared analysis. */
export default function SharedPage() {
  const { shareId = '' } = useParams();
  const share = useQuery({ queryKey: ['/api/shared', shareId], queryFn: () => fetchShare(shareId) });
  const [showAll, setShowAll] = useState(false);
  // 'Show all' adds the topics above itself: the keyboard goes on to the first one added.
  const { list: topicList, reveal } = useRevealFocus<HTMLOListElement>('a');
  // One Viral Cut plays at a time on the page.
  const [playing, setPlaying] = useState<string | null>(null);
  useMomentFromLink(share.data?.sharedTopics ?? null, setPlaying);
  // Reached from inside the app, the tab still names the screen before.
  const pageTitle = share.data ? titleOf(share.data) : share.isLoading ? null : 'Analysis Not Found · Find Clips';
  useEffect(() => {
    if (pageTitle) document.title = pageTitle;
  }, [pageTitle]);

  if (share.isLoading) return <SharedSkeleton />;
  if (!share.data) {
    // Offline, the query waits for the network (and shows the share once it is back).
    const why = whyNotShown(share.error, share.isPaused);
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Analysis Not Found</h1>
        <p className="mt-2 text-slate-600">{why ?? "This shared analysis may have been removed or doesn't exist."}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {why && !share.isPaused && (
            <button type="button" className={buttonClass('outline')} onClick={() => void share.refetch()}>
              Try again
            </button>
          )}
          <Link to="/" className={buttonClass('primary')}>
            Back to Home
          </Link>
        </div>
      </div>
    );
  }

  const data = share.data;
  const topics = data.sharedTopics ?? [];
  const videoTitle = videoTitleOf(data);
  const title = titleOf(data);
  const listed = showAll ? topics : topics.slice(0, TOPICS_COLLAPSED);
  const spoken = spokenText(data.language);

  return (
    // One player plays at a time: a topic's and a Viral Cut's.
    <PlaybackProvider>
      <SpokenLanguageProvider language={data.language}>
        <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6 px-4 py-8">
          <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
            <Link to="/" className="inline-flex min-h-6 items-center text-sm font-medium text-brand-700 underline">
              Find Clips Yourself - Try for Free
            </Link>
            {data.isOwner && (
              <Link to={`/?video=${data.youtubeId}`} className={buttonClass('outline')}>
                Open in Find Clips
              </Link>
            )}
          </div>
          <header className="grid gap-2">
            <h1 dir="auto" className="text-2xl font-bold sm:text-3xl">
              {title}
            </h1>
            {data.description && (
              <p dir="auto" className="whitespace-pre-line text-slate-600">
                {data.description}
              </p>
            )}
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <Badge>
                <Eye className="h-3.5 w-3.5" aria-hidden />
                {plural(data.viewCount, 'view')}
              </Badge>
              {data.video.channelTitle && <span>from {data.video.channelTitle}</span>}
            </div>
          </header>
          <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center">
            <Thumbnail
              src={thumbnailOf(data.youtubeId, data.video.thumbnailUrl)}
              title={videoTitle}
              className="w-full rounded-lg sm:w-56"
            />
            <div>
              {/* The video's own title only when the share is called something else: never the same words twice. */}
              {videoTitle !== title && (
                <h2 dir="auto" className="font-semibold">
                  {videoTitle}
                </h2>
              )}
              <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
                <Film className="h-4 w-4" aria-hidden />
                Shared video clips containing {plural(topics.length, 'topic')}
              </p>
              <p className="mt-1 text-sm text-slate-600" data-testid="transcript-source">
                {data.transcriptSource === 'upload'
                  ? 'Transcript: captions uploaded by the member who shared this video'
                  : "Transcript: the video's captions on YouTube"}
              </p>
              {topics.length > 0 && (
                <div className="mt-3 w-fit print:hidden">
                  <ExportMenu
                    source={{ title: videoTitle, youtubeId: data.youtubeId, topics, durationSeconds: data.video.durationSeconds }}
                  />
                </div>
              )}
            </div>
          </Card>
          {topics.length === 0 ? (
            <Card className="p-6 text-sm text-slate-600">No topics available in this shared analysis.</Card>
          ) : (
            <>
              <Card className="p-4">
                <h2 className="mb-3 font-semibold">Topics in this video</h2>
                <ol ref={topicList} className="grid gap-2">
                  {listed.map((topic, index) => (
                    // The time goes under the title when both do not fit (a phone, large text), rather
                    // than squeezing the title to a letter a line.
                    <li key={topic.id} className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
                      <a
                        href={`#topic-${index + 1}`}
                        className="inline-block min-h-6 min-w-0 grow basis-48 py-0.5 text-sm text-brand-700 hover:underline"
                      >
                        {index + 1}. <bdi {...spoken}>{topic.title}</bdi>
                      </a>
                      <Badge className="shrink-0 whitespace-nowrap bg-slate-100 text-slate-700">
                        {formatRange(topic.startTime, topic.endTime)}
                      </Badge>
                    </li>
                  ))}
                </ol>
                {topics.length > TOPICS_COLLAPSED && (
                  <button
                    type="button"
                    className="mt-3 min-h-6 text-sm font-medium text-brand-700 hover:underline print:hidden"
                    aria-expanded={showAll}
                    onClick={() => {
                      if (!showAll) reveal(TOPICS_COLLAPSED);
                      setShowAll(!showAll);
                    }}
                  >
                    {showAll ? 'Show fewer topics' : `Show all ${topics.length} topics`}
                  </button>
                )}
              </Card>
              <SharedTopics
                topics={topics}
                youtubeId={data.youtubeId}
                language={data.language}
                playing={playing}
                cue={setPlaying}
              />
            </>
          )}
          <p className="text-center text-sm text-slate-500">
            Powered by{' '}
            <Link to="/" className="font-medium text-brand-700 underline">
              Find Clips
            </Link>
          </p>
        </div>
      </SpokenLanguageProvider>
    </PlaybackProvider>
  );
}

/** A long share's topics come a few at a time: these at once (with any the page's link goes to), */
export const TOPICS_AT_ONCE = 6;
/** then these more in each later task, so that the first show without waiting for the others. */
export const TOPICS_PER_TURN = 8;

/**
 * The topics, each with its clip and quotes. On a two-hour podcast (70 topics of 5 quotes, 9,500
 * elements) the first topic showed once all were rendered (2.5 s in Chromium), and each clip opened
 * or closed rendered every quote card again: now the first topics show at once, the others follow
 * a few a turn, and a click renders the topic it is in.
 */
function SharedTopics({
  topics,
  youtubeId,
  language,
  playing,
  cue,
}: {
  topics: Topic[];
  youtubeId: string;
  language: string | null | undefined;
  playing: string | null;
  cue: (quoteId: string | null) => void;
}) {
  const [shown, setShown] = useState(() => Math.max(TOPICS_AT_ONCE, linkedTopic(topics) + 1));
  useEffect(() => {
    if (shown >= topics.length) return;
    const next = setTimeout(() => setShown((count) => count + TOPICS_PER_TURN), 0);
    return () => clearTimeout(next);
  }, [shown, topics.length]);
  // Printed (Ctrl+P) before all have come: every topic on paper, not the first few.
  useEffect(() => {
    const all = () => flushSync(() => setShown(topics.length));
    window.addEventListener('beforeprint', all);
    return () => window.removeEventListener('beforeprint', all);
  }, [topics.length]);
  return topics
    .slice(0, shown)
    .map((topic, index) => (
      <SharedTopic
        key={topic.id}
        topic={topic}
        index={index}
        youtubeId={youtubeId}
        language={language}
        playing={openAmong(topic.quotes, playing)}
        cue={cue}
      />
    ));
}

/** One topic of the share; rendered again only when it changes, or the clip open in it does. */
const SharedTopic = memo(function SharedTopic({
  topic,
  index,
  youtubeId,
  language,
  playing,
  cue,
}: {
  topic: Topic;
  index: number;
  youtubeId: string;
  language: string | null | undefined;
  /** The quote of this topic whose Viral Cut is open, if any. */
  playing: string | null;
  cue: (quoteId: string | null) => void;
}) {
  const spoken = spokenText(language);
  return (
    <section id={`topic-${index + 1}`} aria-labelledby={`shared-topic-${index + 1}`} className="scroll-mt-4">
      <h2 id={`shared-topic-${index + 1}`} className="text-lg font-semibold wrap-anywhere">
        {index + 1}. <bdi {...spoken}>{topic.title}</bdi>
      </h2>
      <p className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
        {formatRange(topic.startTime, topic.endTime)}
        <MomentLinks
          anchor={`topic-${index + 1}`}
          youtubeId={youtubeId}
          start={topic.startTime}
          describedBy={`shared-topic-${index + 1}`}
        />
      </p>
      {/* On paper: the topics and their quotes whole, no players nor controls (printed, the
        players were empty boxes taking most of each page). */}
      <div className="print:hidden">
        <LazyMount placeholder={<div className="aspect-video w-full rounded-lg bg-slate-200" />}>
          <ClipPlayer youtubeId={youtubeId} start={topic.startTime} end={topic.endTime} title={topic.title} spokenTitle />
        </LazyMount>
      </div>
      {topic.quotes.length > 0 && (
        <ul className="mt-4 grid gap-3" aria-label={`Quotes of ${topic.title}`}>
          {topic.quotes.map((quote, q) => (
            <QuoteCard
              key={quote.id}
              id={`quote-${index + 1}-${q + 1}`}
              links={
                <MomentLinks
                  anchor={`quote-${index + 1}-${q + 1}`}
                  youtubeId={youtubeId}
                  start={quote.startTime}
                  describedBy={`quote-${index + 1}-${q + 1}-text`}
                />
              }
              youtubeId={youtubeId}
              quote={quote}
              open={playing === quote.id}
              onOpen={() => cue(quote.id)}
              onClose={() => cue(null)}
            />
          ))}
        </ul>
      )}
    </section>
  );
});

/** The anchor a link to a moment of the page names: its `#…`, else the topic playing at its `?t=`; '' when none. */
function linkedAnchor(topics: Topic[]): string | null {
  // A malformed escape ('#%E0%A4%A') is no moment, not an error.
  let anchor: string;
  try {
    anchor = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return null;
  }
  return anchor || (topicAtTime(topics, window.location.search) ?? '');
}

/** The index of the topic the page's link goes to (to it, or to one of its quotes), -1 when none. */
function linkedTopic(topics: Topic[]): number {
  const topic = /^(?:topic|quote)-(\d+)(?:-\d+)?$/.exec(linkedAnchor(topics) ?? '');
  return topic ? Math.min(Number(topic[1]), topics.length) - 1 : -1;
}

/**
 * The topic playing at `?t=SECONDS` (the address a search engine's key moment links to, as Google
 * documents clips: the page's own address with the time), or at a time as YouTube's links write it
 * (`90s`, `1m30s`, `1h2m`), or null.
 */
export function topicAtTime(topics: Topic[], search: string): string | null {
  const t = /^(?:(\d{1,3})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(new URLSearchParams(search).get('t') ?? '');
  if (!t || t.slice(1).every((part) => part === undefined)) return null;
  const [hours = 0, minutes = 0, seconds = 0] = t.slice(1).map((part) => Number(part ?? 0));
  const second = hours * 3600 + minutes * 60 + seconds;
  // The topic starting at that second (a key moment's own), else the one playing then.
  const starting = topics.findIndex((topic) => Math.floor(topic.startTime) === second);
  const index = starting >= 0 ? starting : topics.findLastIndex((topic) => Math.floor(topic.startTime) <= second);
  return index < 0 ? null : `topic-${index + 1}`;
}

/**
 * A link to a moment (`#topic-2`, `#quote-2-1`, or `?t=90` for the topic playing then) scrolls to
 * it once the page has its topics, gives it the focus, and a quote's Viral Cut is cued; the same
 * when the link changes on the page.
 */
function useMomentFromLink(topics: Topic[] | null, cueQuote: (quoteId: string) => void) {
  useEffect(() => {
    if (!topics) return;
    // The frame the page waits for, for the moment to be shown (a long share's later topics come after the first).
    let frame = 0;
    const follow = () => {
      const anchor = linkedAnchor(topics);
      if (anchor === null) return;
      const quote = /^quote-(\d+)-(\d+)$/.exec(anchor);
      const cued = quote && topics[Number(quote[1]) - 1]?.quotes[Number(quote[2]) - 1];
      if (cued) cueQuote(cued.id);
      if (!anchor) return;
      cancelAnimationFrame(frame);
      // Once it is there: at once, or once the page has shown the topics before it (while it adds them, then 5 s at most).
      const until = performance.now() + 5_000;
      const goTo = () =>
        (frame = requestAnimationFrame(() => {
          const moment = document.getElementById(anchor);
          // (While the page still adds topics, however long that takes on a slow device: it gave up
          // after 5 s, and a link to a late quote did nothing.)
          const adding = topics.length > 0 && !document.getElementById(`topic-${topics.length}`);
          if (!moment) return void ((adding || performance.now() < until) && goTo());
          moment.scrollIntoView({ block: 'start' });
          // The keyboard starts there too (Tab went to the top of the page): focusable by script only.
          if (!moment.hasAttribute('tabindex')) moment.setAttribute('tabindex', '-1');
          moment.focus({ preventScroll: true });
        }));
      goTo();
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => {
      window.removeEventListener('hashchange', follow);
      cancelAnimationFrame(frame);
    };
  }, [topics, cueQuote]);
}

function SharedSkeleton() {
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-4 px-4 py-8" aria-busy="true" aria-label="Loading the shared analysis">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="aspect-video w-full" />
    </div>
  );
}
