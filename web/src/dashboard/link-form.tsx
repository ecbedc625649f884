import { parseYoutubeLink, watchLink } from '@findclips/contracts';
import { Search } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Input, SubmitButton } from '../components/ui';
import { useToast } from '../lib/toast';

/**
 * 'Find Clips': a pasted link is checked (a YouTube link with an 11-character id) before anything is
 * sent. The field empties when the dashboard turns `blank` (cleared, or the video failed), and when
 * another video than the one it links to becomes the current one (Back, Forward, a history card);
 * it shows the link `suggested`, when one is.
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
  suggested?: { videoId: string; url?: string } | null;
  onVideo(videoId: string, url: string): void;
}) {
  const [url, setUrl] = useState('');
  const toast = useToast();

  useEffect(() => {
    setUrl((typed) => {
      const link = parseYoutubeLink(typed);
      return blank || (link.ok && link.videoId !== current) ? '' : typed;
    });
  }, [blank, current]);

  // After the effect above, on purpose: a link suggested as the dashboard turns blank (a failed
  // submission) is what the field shows.
  useEffect(() => {
    if (suggested) setUrl(suggested.url ?? watchLink(suggested.videoId));
  }, [suggested]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const result = parseYoutubeLink(url);
    if (!result.ok) {
      toast({ title: result.title, description: result.description, variant: 'destructive' });
      return;
    }
    onVideo(result.videoId, url.trim());
  };

  return (
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
        onChange={(e) => setUrl(e.target.value)}
        className="sm:flex-1"
      />
      <SubmitButton busy={busy}>
        <Search className="h-4 w-4" aria-hidden />
        Find Clips
      </SubmitButton>
    </form>
  );
}
