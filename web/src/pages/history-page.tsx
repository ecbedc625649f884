import { Thumbnail } from '../components/thumbnail';
import { compareTitles, isolated, isVideoId, type HistoryVideo } from '@findclips/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Clock, Link2, ListOrdered, Trash2 } from 'lucide-react';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { sharesChanged, useSharesMap } from '../lib/shares-map';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useRevealFocus } from '../components/reveal-focus';
import { Badge, Button, Card, fieldFrame, Skeleton } from '../components/ui';
import { ApiError, apiRequest } from '../lib/api';
import { sayExpired } from '../lib/auth';
import { formatDate, formatLength, plural, thumbnailOf } from '../lib/format';
import { scopedKey, storageKeys, writeStored } from '../lib/storage';
import { useToast } from '../lib/toast';
import { useCopy } from '../lib/use-copy';

type Sort = 'recent' | 'title';
/** Cards shown while the history loads. */
export const HISTORY_SKELETON_CARDS = 6;

/** Cards shown at first, and more at each 'Show more videos': a long history stays quick to open. */
export const HISTORY_PAGE_CARDS = 60;

const sorters: Record<Sort, (a: HistoryVideo, b: HistoryVideo) => number> = {
  // ISO times in UTC: their text sorts as their time.
  recent: (a, b) => (a.processedAt < b.processedAt ? 1 : a.processedAt > b.processedAt ? -1 : 0),
  // As the API's `sort=title` orders them: a video whose title is not known yet last (compared as
  // '', its 'YouTube video …' card came first).
  title: (a, b) => compareTitles(a.title, b.title),
};

/** Where the member was when they opened a video, kept in that history entry for Back. */
interface Place {
  shown: number;
  opened: string;
}

const placeIn = (state: unknown): Place | null => {
  const place = state as Partial<Place> | null;
  return typeof place?.shown === 'number' && typeof place.opened === 'string' && isVideoId(place.opened)
    ? { shown: place.shown, opened: place.opened }
    : null;
};

/** /history: 'Your Processed Videos'. */
export default function HistoryPage() {
  // In the address, so that Back from a video (or a reload) keeps the order chosen.
  const [params, setParams] = useSearchParams();
  const sort: Sort = params.get('sort') === 'title' ? 'title' : 'recent';
  const setSort = (next: Sort) => {
    setParams(next === 'recent' ? {} : { sort: next }, { replace: true });
    // The new order from its start: moving hundreds of cards shown held the page for seconds.
    setShown(HISTORY_PAGE_CARDS);
  };
  // Back from a video opened far down: as many cards as then, and that video's card in view.
  const location = useLocation();
  const [returnedTo] = useState(() => placeIn(location.state));
  // Said to screen readers: a removed share's buttons just go.
  const [announcement, setAnnouncement] = useState('');
  // Read afresh at each visit: videos processed, edited or shared since are on it.
  const videos = useQuery<HistoryVideo[]>({ queryKey: ['/api/videos'], staleTime: 0 });
  const shares = useSharesMap({ staleTime: 0 });
  const navigate = useNavigate();
  const shareOf = useMemo(() => new Map((shares.data ?? []).map((s) => [s.youtubeId, s.shareId])), [shares.data]);
  // Sorted once per list and order, not at each render (3,000 videos were sorted at each 'Show more').
  const list = useMemo(() => [...(videos.data ?? [])].sort(sorters[sort]), [videos.data, sort]);
  const [shown, setShown] = useState(() => Math.max(HISTORY_PAGE_CARDS, returnedTo?.shown ?? 0));
  // Read when a card opens, without drawing every card again at each 'Show more'.
  const now = useRef({ shown, search: location.search });
  useEffect(() => {
    now.current = { shown, search: location.search };
  }, [shown, location.search]);
  // The keyboard goes on to the first card shown by 'Show more videos'.
  const { list: cards, reveal } = useRevealFocus<HTMLUListElement>('button');

  const loaded = videos.data !== undefined;
  useEffect(() => {
    if (!loaded || !returnedTo) return;
    // The keyboard back where it was, and the card in the middle of the screen: the cards around
    // it, laid out only as they near the screen, may still change height (focus alone left it
    // half above the top in Chromium).
    const card = cards.current?.querySelector<HTMLElement>(`[data-video="${returnedTo.opened}"]`);
    card?.querySelector<HTMLElement>('h2 button')?.focus({ preventScroll: true });
    card?.scrollIntoView({ block: 'center' });
    // Once: coming back to this page later (Back from another page, a reload) is no return from that video.
    navigate({ search: now.current.search }, { replace: true, state: null });
  }, [loaded, returnedTo, navigate, cards]);

  const open = useCallback(
    (youtubeId: string) => {
      writeStored(scopedKey(storageKeys.lastVideoId), youtubeId);
      const here: Place = { shown: now.current.shown, opened: youtubeId };
      navigate({ search: now.current.search }, { replace: true, state: here });
      navigate(`/?video=${youtubeId}`);
    },
    [navigate],
  );
  const shareRemoved = useCallback((title: string) => setAnnouncement(`Share removed: ${isolated(title)}`), []);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold">Your Processed Videos</h1>
        {/* Nothing to sort until there are two. */}
        {list.length > 1 && (
          <label className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            Sort by
            <select
              value={sort}
              onChange={(e) => setSort(e.target.value as Sort)}
              className={`${fieldFrame} min-h-10 max-w-full pointer-coarse:min-h-11 px-2 text-sm`}
            >
              <option value="recent">Recently Processed</option>
              <option value="title">Video Title</option>
            </select>
          </label>
        )}
      </div>
      {videos.isLoading ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading videos">
          {Array.from({ length: HISTORY_SKELETON_CARDS }, (_, i) => (
            <Card key={i} className="p-3" data-testid="skeleton-card">
              <Skeleton className="aspect-video w-full" />
              <Skeleton className="mt-3 h-4 w-3/4" />
              <Skeleton className="mt-2 h-3 w-1/2" />
            </Card>
          ))}
        </div>
      ) : videos.isError ? (
        <Card className="flex flex-col items-start gap-3 p-6 text-sm" role="alert">
          <p className="text-red-600">{videos.error.message}</p>
          <Button variant="outline" busy={videos.isFetching} onClick={() => void videos.refetch()}>
            Try again
          </Button>
        </Card>
      ) : list.length === 0 ? (
        <Card className="flex flex-col items-center gap-4 p-10 text-center">
          <p className="text-slate-600">You have not processed any videos yet.</p>
          <Button onClick={() => navigate('/', { state: { focusLink: true } })}>Process Your First Video</Button>
        </Card>
      ) : (
        <>
          {/* One column of the screen's width: a card out of sight, not laid out, counts as 20rem wide,
              which an implicit column grew to past a phone's 320 px. */}
          <ul ref={cards} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.slice(0, shown).map((video) => (
              <VideoCard
                key={video.id}
                video={video}
                shareId={shareOf.get(video.youtubeId)}
                onOpen={open}
                onShareRemoved={shareRemoved}
              />
            ))}
          </ul>
          {list.length > shown && (
            <div className="mt-6 flex justify-center">
              <Button
                variant="outline"
                onClick={() => {
                  setShown(shown + HISTORY_PAGE_CARDS);
                  reveal(shown);
                }}
              >
                Show more videos ({list.length - shown} more)
              </Button>
            </div>
          )}
        </>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** One video's card; drawn again only when its video or share changes ('Show more' draws the new ones alone). */
const VideoCard = memo(function VideoCard({
  video,
  shareId,
  onOpen,
  onShareRemoved,
}: {
  video: HistoryVideo;
  shareId?: string;
  onOpen(youtubeId: string): void;
  onShareRemoved(title: string): void;
}) {
  const [confirming, setConfirming] = useState(false);
  const { copied, copy } = useCopy();
  const toast = useToast();
  const queryClient = useQueryClient();
  const opener = useRef<HTMLButtonElement>(null);
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/analysis/shared/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) => removed(id),
    onError: (error: Error, id) => {
      // Removed already (from another tab or device): what was asked is done, and the card says so.
      if (error instanceof ApiError && error.status === 404) return removed(id);
      // The session ended: the error catalogue's words for it, as every other member action says.
      if (error instanceof ApiError && error.status === 401) return sayExpired(toast);
      toast({ title: 'Failed to remove share', description: error.message, variant: 'destructive' });
    },
  });
  const title = video.title ?? `YouTube video ${video.youtubeId}`;
  const removed = (id: string) => {
    onShareRemoved(title);
    // Its page as this tab read it goes too: Back to it showed the share as live, views and all.
    queryClient.removeQueries({ queryKey: ['/api/shared', id], exact: true });
    return sharesChanged(queryClient, id);
  };
  // The share buttons are alike on every card: a screen reader also says whose video they act on.
  const titleId = useId();
  // The share removed, its buttons are gone and focus with them (Remove share keeps it while the
  // removal runs, so the dialog gives it back there): on to the card's title.
  const shared = useRef(Boolean(shareId));
  useEffect(() => {
    if (shared.current && !shareId && document.activeElement === document.body) opener.current?.focus();
    shared.current = Boolean(shareId);
  }, [shareId]);

  return (
    // Cards out of sight are not laid out until scrolled near (a history of thousands stays quick).
    <li data-video={video.youtubeId} className="[contain-intrinsic-size:auto_20rem] [content-visibility:auto]">
      {/* The title is the card's one control, its click area stretched over the card (so what is
          read out is what is shown); the share buttons sit above it. */}
      <Card className="relative flex h-full flex-col overflow-hidden hover:border-slate-300">
        <Thumbnail src={thumbnailOf(video.youtubeId, video.thumbnailUrl)} title={title} className="w-full" lazy />
        <div className="grid gap-1 p-3">
          <Badge className="w-fit">Your Analysis</Badge>
          <h2 id={titleId} dir="auto" className="font-semibold">
            <button
              ref={opener}
              type="button"
              onClick={() => onOpen(video.youtubeId)}
              className="text-start wrap-anywhere after:absolute after:inset-0 hover:underline"
            >
              {/* Clamped inside the button, not around it: the focus ring drawn around it stays whole. */}
              <span className="line-clamp-2">{title}</span>
            </button>
          </h2>
          <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
            {video.durationSeconds !== null && (
              <span className="inline-flex items-center gap-1">
                <Clock className="h-3.5 w-3.5" aria-hidden />
                {formatLength(video.durationSeconds)}
              </span>
            )}
            {video.topicCount !== null && (
              <span className="inline-flex items-center gap-1">
                <ListOrdered className="h-3.5 w-3.5" aria-hidden />
                {plural(video.topicCount, 'topic')}
              </span>
            )}
          </p>
          <p className="text-xs text-slate-500">
            Analyzed on {formatDate(video.createdAt)}
            {/* A re-analysis on a later day is worth its own date; the same day twice is not. */}
            {formatDate(video.processedAt) !== formatDate(video.createdAt) && ` · Processed on ${formatDate(video.processedAt)}`}
          </p>
        </div>
        {shareId && (
          <div className="relative z-10 mt-auto flex flex-wrap gap-2 border-t border-slate-100 p-3">
            <Button
              variant="outline"
              aria-describedby={titleId}
              onClick={() => void copy(new URL(`/shared/${shareId}`, window.location.origin).toString())}
            >
              {copied ? <Check className="h-4 w-4" aria-hidden /> : <Link2 className="h-4 w-4" aria-hidden />}
              {copied ? 'Copied' : 'Copy link'}
            </Button>
            <Button
              variant="outline"
              aria-describedby={titleId}
              busy={remove.isPending}
              onClick={() => remove.isPending || setConfirming(true)}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
              Remove share
            </Button>
          </div>
        )}
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove this share?"
        description="The shared page will stop working for everyone who has the link."
        confirmLabel="Remove share"
        onConfirm={() => shareId && remove.mutate(shareId)}
      />
    </li>
  );
});
