import type { Topic } from '@findclips/contracts';
import { ScrollText } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { Button, Card, Spinner } from '../components/ui';
import { codeFailedAdvice } from '../lib/code-failed';

// Its own chunk: the dashboard loads the panel (and its virtual list) only when someone opens it.
const TranscriptPanel = lazy(() => import('./transcript-panel'));

/** Which transcript an analysis read: where to fetch it, and how to say where it came from. */
interface TranscriptOrigin {
  url: string;
  label: string;
}

/** The transcript of the analysis a person reads: YouTube's captions, or captions the member uploaded. */
export function transcriptOrigin(
  youtubeId: string,
  analysis: { transcriptSource?: 'youtube' | 'upload'; transcriptName?: string | null } | null,
): TranscriptOrigin {
  const id = encodeURIComponent(youtubeId);
  return analysis?.transcriptSource === 'upload'
    ? {
        url: `/api/user-videos/${id}/transcript`,
        label: `Transcript: captions you uploaded${analysis.transcriptName ? ` (${analysis.transcriptName})` : ''}`,
      }
    : { url: `/api/videos/${id}/transcript`, label: "Transcript: the video's captions on YouTube" };
}

/** 'Transcript': the whole transcript by topic, on request, for the people who analysed the video. */
export function TranscriptSection({
  youtubeId,
  topics,
  origin,
}: {
  youtubeId: string;
  topics: Topic[];
  origin: TranscriptOrigin;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold">Transcript</h2>
          <p className="text-sm text-slate-600" data-testid="transcript-source">
            {origin.label}
          </p>
        </div>
        <Button variant="outline" aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
          <ScrollText className="h-4 w-4" aria-hidden />
          {open ? 'Hide transcript' : 'Show transcript'}
        </Button>
      </div>
      {open && (
        <div className="mt-3">
          {/* Its code not loading (a new version deployed since the tab opened, the connection gone)
              says so here: the analysis above stays. */}
          <ErrorBoundary
            resetKey={youtubeId}
            fallback={
              <p role="alert" className="text-sm text-red-600">
                The transcript could not be loaded. {codeFailedAdvice()}
              </p>
            }
          >
            <Suspense fallback={<Spinner label="Loading the transcript" />}>
              <TranscriptPanel youtubeId={youtubeId} topics={topics} url={origin.url} />
            </Suspense>
          </ErrorBoundary>
        </div>
      )}
    </Card>
  );
}
