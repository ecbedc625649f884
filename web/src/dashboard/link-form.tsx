import { parseYoutubeLink, watchLink } from '@findclips/contracts';
import { Search } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Input, ProblemNote, SubmitButton } from '../components/ui';
import { useAuth } from '../lib/auth';
import { NoticeLink, useToast, withoutEmoji, type ToastOptions } from '../lib/toast';

/** A link in the field, and what went wrong with it last, if anything. */
export interface SuggestedLink {
  videoId: string;
  url?: string;
  /** The failure its submission was told in a toast, said under the field too until the link changes. */
  problem?: ToastOptions | null;
}

/**
 * 'Find Clips': a pasted link is checked (a YouTube link with an 11-character id) before anything is
 * sent. The field empties when the dashboard turns `blank` (cleared, or the video failed), and when
 * another video than the one it links to becomes the current one (Back, Forward, a history card);
 * it shows the link `suggested`, when one is. What went wrong with the link in the field stays said
 * under it, tied to the field, until the link changes: the toast that told it leaves after its
 * few seconds, and a person who looked away, reads slowly or came back later would have nothing.
 */
export function LinkForm({
  busy,
  blank,
  current,
  suggested,
  onVideo,
}: {
  busy: boolean;
  blank: boolean;
  /** The video on the dashboard. */
  current: string | null;
  /** A link to offer in the field (one that opened a video nobody analysed yet, or failed for now). */
  suggested?: SuggestedLink | null;
  onVideo(videoId: string, url: string): void;
}) {
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<ToastOptions | null>(null);
  const toast = useToast();
  const auth = useAuth();
  const who = auth.status === 'user' ? `member:${auth.user.id}` : auth.status;

  const typed = useRef(url);
  typed.current = url;
  useEffect(() => {
    const link = parseYoutubeLink(typed.current);
    if (blank || (link.ok && link.videoId !== current)) {
      setUrl('');
      setProblem(null);
    }
  }, [blank, current]);

  // Signed in or out meanwhile (another tab): what was wrong was told to someone else (a guest's
  // 'Credit Limit Reached… Sign up' stayed under a member's field).
  useEffect(() => setProblem(null), [who]);

  // After the effect above, on purpose: a link suggested as the dashboard turns blank (a failed
  // submission) is what the field shows.
  useEffect(() => {
    if (!suggested) return;
    setUrl(suggested.url ?? watchLink(suggested.videoId));
    setProblem(suggested.problem ?? null);
  }, [suggested]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const result = parseYoutubeLink(url);
    if (!result.ok) {
      const refusal: ToastOptions = { title: result.title, description: result.description, variant: 'destructive' };
      setProblem(refusal);
      toast(refusal);
      return;
    }
    setProblem(null);
    onVideo(result.videoId, url.trim());
  };

  return (
    <div className="grid gap-1">
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row" aria-label="Find Clips">
        <label htmlFor="video-link" className="sr-only">
          YouTube video link
        </label>
        <Input
          id="video-link"
          name="url"
          inputMode="url"
          autoComplete="off"
          placeholder="Paste a YouTube video link..."
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'video-link-problem' : undefined}
          className="sm:flex-1"
        />
        <SubmitButton busy={busy}>
          <Search className="h-4 w-4" aria-hidden />
          Find Clips
        </SubmitButton>
      </form>
      {problem && (
        <ProblemNote id="video-link-problem" title={withoutEmoji(problem.title)}>
          {problem.description}
          {problem.link && (
            <>
              {' '}
              <NoticeLink link={problem.link} className="font-medium underline" />
            </>
          )}
        </ProblemNote>
      )}
    </div>
  );
}
