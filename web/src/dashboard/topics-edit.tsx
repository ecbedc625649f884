import type { Topic } from '@findclips/contracts';
import { Clock, Lock, Play } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ClipPlayer } from '../components/clip-player';
import { Dialog } from '../components/dialog';
import { QuoteCard } from '../components/quote-card';
import { Button, Card } from '../components/ui';
import { formatRange } from '../lib/format';
import { useGuestQuotes } from './guest-quotes';

/** SPEC §2 Edit mode: numbered topics with their Full Topic clip and Viral Cut quotes. */
export function TopicsEdit({ youtubeId, topics, isGuest }: { youtubeId: string; topics: Topic[]; isGuest: boolean }) {
  const [playing, setPlaying] = useState<Topic | null>(null);
  // One Viral Cut plays at a time: opening another closes the one before.
  const [openQuote, setOpenQuote] = useState<string | null>(null);
  const quotes = useGuestQuotes(youtubeId, isGuest);
  return (
    <ol className="grid gap-4" aria-label="Topics">
      {topics.map((topic, index) => (
        <li key={topic.id} id={`topic-${index + 1}`}>
          <Card className="p-4 sm:p-5">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div>
                <h3 className="text-lg font-semibold">
                  <span className="mr-2 text-brand-700">{index + 1}.</span>
                  {topic.title}
                </h3>
                <p className="mt-1 flex items-center gap-1 text-sm text-slate-500">
                  <Clock className="h-3.5 w-3.5" aria-hidden />
                  {formatRange(topic.startTime, topic.endTime)}
                </p>
              </div>
              <Button variant="outline" onClick={() => setPlaying(topic)} className="shrink-0">
                <Play className="h-4 w-4" aria-hidden />
                Play Full Topic
              </Button>
            </div>
            <ul className="mt-4 grid gap-3">
              {topic.quotes.map((quote) => (
                <QuoteCard
                  key={quote.id}
                  youtubeId={youtubeId}
                  quote={quote}
                  open={openQuote === quote.id}
                  onOpen={() => {
                    quotes.use(quote.id);
                    setOpenQuote(quote.id);
                  }}
                  onClose={() => setOpenQuote(null)}
                  locked={quotes.canPlay(quote.id) ? undefined : <GuestLimit />}
                />
              ))}
            </ul>
          </Card>
        </li>
      ))}
      <Dialog open={playing !== null} onOpenChange={(open) => !open && setPlaying(null)} title={playing?.title ?? ''} wide>
        {playing && (
          <ClipPlayer youtubeId={youtubeId} start={playing.startTime} end={playing.endTime} title={playing.title} autoplay />
        )}
      </Dialog>
    </ol>
  );
}

function GuestLimit() {
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600">
      <Lock className="h-4 w-4" aria-hidden />
      Guests can play 4 clips per video.
      <Link to="/auth" className="font-medium text-brand-700 underline">
        Sign up for unlimited access
      </Link>
    </p>
  );
}
