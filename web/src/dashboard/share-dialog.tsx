import { DEFAULT_SHARE_DESCRIPTION, type SharedAnalysisResponse, type ShareResponse, type Topic } from '@findclips/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../components/dialog';
import { Button, Field, fieldFrame, Input } from '../components/ui';
import { ApiError, apiRequest, UNREACHABLE } from '../lib/api';
import { sessionEnded, useAuth } from '../lib/auth';
import { useCopy } from '../lib/use-copy';
import { sharesChanged, useSharesMap } from '../lib/shares-map';
import { useToast } from '../lib/toast';
import { sayExpired } from '../lib/auth';

/**
 * 'Share Clips': title defaults to the video title, description to 'Watch the highlights'; a
 * member's video shared before starts from its shared page's title and description, which sharing
 * again keeps unless the member changes them.
 */
export function ShareDialog({
  open,
  onOpenChange,
  youtubeId,
  videoTitle,
  topics,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  youtubeId: string;
  videoTitle: string;
  topics: Topic[];
}) {
  const [title, setTitle] = useState(videoTitle);
  const [description, setDescription] = useState(DEFAULT_SHARE_DESCRIPTION);
  const toast = useToast();
  const member = useAuth().status === 'user';
  const queryClient = useQueryClient();
  const { copied, copy } = useCopy();
  // A member's video shared before: sharing again updates that page (one per video), so say so.
  const shares = useSharesMap({ enabled: member && open, staleTime: 0 });
  const existing = shares.data?.find((s) => s.youtubeId === youtubeId);
  // Its page as it reads now (the owner's visits count no view).
  const current = useQuery<SharedAnalysisResponse>({
    queryKey: ['/api/shared', existing?.shareId],
    enabled: open && existing !== undefined,
    staleTime: 0,
  });
  const typed = useRef(false);
  useEffect(() => {
    if (!current.data || typed.current) return;
    setTitle(current.data.title ?? videoTitle);
    setDescription(current.data.description ?? DEFAULT_SHARE_DESCRIPTION);
  }, [current.data, videoTitle]);
  // Until a member's shared page is known (or known not to exist), sharing would reset its texts.
  const loadingTexts = member && (shares.isPending || (existing !== undefined && current.isPending));
  // Why they are not known yet, when it is not a matter of waiting: the browser is offline (they
  // are read once it is back) or the server could not answer (read again on request).
  const paused = shares.fetchStatus === 'paused' || current.fetchStatus === 'paused';
  const unread = !member
    ? null
    : paused
      ? UNREACHABLE
      : shares.isError
        ? "Could not check whether this video's clips were shared before."
        : current.isError && !(current.error instanceof ApiError && current.error.status === 404)
          ? "Could not read the title and description of this video's shared page."
          : null;
  const share = useMutation({
    mutationFn: () => apiRequest<ShareResponse>('POST', '/api/analysis/share', { youtubeId, topics, title, description }),
    // Its page as this tab read it is read again: Back to it showed the texts and topics before.
    // (The member's other tabs too: their history showed the share as it was.)
    onSuccess: ({ shareId }) => sharesChanged(queryClient, shareId),
    onError: async (error) => {
      // A member whose session ended in another tab arrives as a guest who may not share: say so.
      if (member && error instanceof ApiError && [401, 403].includes(error.status) && (await sessionEnded())) {
        return sayExpired(toast);
      }
      toast({ title: 'Error creating share link', description: 'Please try again later.', variant: 'destructive' });
    },
  });

  // A second click before the pending state renders (a fast double click) sends nothing more.
  const sending = useRef(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    share.mutate(undefined, { onSettled: () => void (sending.current = false) });
  };
  const url = share.data ? new URL(share.data.url, window.location.origin).toString() : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) share.reset();
        onOpenChange(next);
      }}
      title="Share Clips"
      description="Anyone with the link can watch these clips on their own page."
    >
      {url ? (
        <div className="grid gap-3">
          <label htmlFor="share-url" className="text-sm font-medium">
            Share link
          </label>
          <div className="flex gap-2">
            <Input id="share-url" readOnly value={url} onFocus={(e) => e.target.select()} />
            {/* The form and the button pressed are gone: the keyboard goes on to copying the link. */}
            <Button variant="outline" onClick={() => void copy(url)} aria-label="Copy link" autoFocus>
              {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-h-6 w-fit items-center text-sm text-brand-700 underline"
          >
            Open the shared page
          </a>
        </div>
      ) : (
        <form onSubmit={submit} className="grid gap-4">
          {existing && (
            <p className="text-sm text-slate-600" data-testid="shared-before">
              This video already has a{' '}
              <a href={`/shared/${existing.shareId}`} target="_blank" rel="noreferrer" className="text-brand-700 underline">
                shared page
              </a>
              . Creating the link again updates that page with these topics; its link stays the same.
            </p>
          )}
          <Field id="share-title" label="Title">
            <Input
              id="share-title"
              value={title}
              dir="auto"
              maxLength={200}
              onChange={(e) => {
                typed.current = true;
                setTitle(e.target.value);
              }}
            />
          </Field>
          <Field id="share-description" label="Description">
            <textarea
              id="share-description"
              className={`${fieldFrame} min-h-20 w-full px-3 py-2 text-sm`}
              maxLength={1000}
              value={description}
              dir="auto"
              onChange={(e) => {
                typed.current = true;
                setDescription(e.target.value);
              }}
            />
          </Field>
          {unread && (
            <p role="status" className="text-sm text-red-700">
              {unread}{' '}
              {!paused && (
                <button
                  type="button"
                  className="text-brand-700 underline"
                  onClick={() => void (shares.isError ? shares.refetch() : current.refetch())}
                >
                  Try again
                </button>
              )}
            </p>
          )}
          <Button type="submit" disabled={share.isPending || loadingTexts || unread !== null}>
            {share.isPending ? 'Creating link...' : 'Create Share Link'}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
