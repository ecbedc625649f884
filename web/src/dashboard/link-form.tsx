import { parseYoutubeLink } from '@findclips/contracts';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button, Input } from '../components/ui';
import { useToast } from '../lib/toast';

/** 'Find Clips': a pasted link is checked as SPEC §5 says before anything is sent. */
export function LinkForm({ busy, onVideo }: { busy: boolean; onVideo(videoId: string, url: string): void }) {
  const [url, setUrl] = useState('');
  const toast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
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
      <Button type="submit" disabled={busy}>
        <Search className="h-4 w-4" aria-hidden />
        Find Clips
      </Button>
    </form>
  );
}
