import type { Topic } from '@findclips/contracts';
import { ScrollText } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, Card, Spinner } from '../components/ui';

// Its own chunk: the dashboard loads the panel (and its virtual list) only when someone opens it.
const TranscriptPanel = lazy(() => import('./transcript-panel'));

/** 'Transcript': the whole transcript by topic, on request, for the people who analysed the video. */
export function TranscriptSection({ youtubeId, topics }: { youtubeId: string; topics: Topic[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Transcript</h2>
        <Button variant="outline" aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
          <ScrollText className="h-4 w-4" aria-hidden />
          {open ? 'Hide transcript' : 'Show transcript'}
        </Button>
      </div>
      {open && (
        <div className="mt-3">
          <Suspense fallback={<Spinner label="Loading the transcript" />}>
            <TranscriptPanel youtubeId={youtubeId} topics={topics} />
          </Suspense>
        </div>
      )}
    </Card>
  );
}
