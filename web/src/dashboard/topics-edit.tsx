import type { Quote, Topic } from '@findclips/contracts';
import { Clock, Lock, Play } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ClipPlayer } from '../components/clip-player';
import { Dialog } from '../components/dialog';
import { Badge, Button, Card } from '../components/ui';
import { formatDuration, formatRange } from '../lib/format';
import { useGuestQuotes } from './guest-quotes';

/** Quotes longer than this always offer 'Show more', even where layout cannot be measured. */
const LONG_QUOTE_CHARS = 280;

/** SPEC §2 Edit mode: numbered topics with their Full Topic clip and Viral Cut quotes. */
export function TopicsEdit({ youtubeId, topics, isGuest }: { youtubeId: string; topics: Topic[]; isGuest: boolean }) {
  const [playing, setPlaying] = useState<Topic | null>(null);
  const quotes = useGuestQuotes(youtubeId, isGuest);
  return (
    <ol className="grid gap-4" aria-label="Topics">
      {topics.map((topic, index) => (
        <li key={topic.id} id={`topic-${index + 1}`}>
          <Card className="p-4 sm:p-5">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div>
                <h3 className="text-lg font-semibold">
                  <span className="mr-2 text-brand-600">{index + 1}.</span>
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
                <QuoteItem
                  key={quote.id}
                  youtubeId={youtubeId}
                  quote={quote}
                  allowed={quotes.canPlay(quote.id)}
                  onPlay={() => quotes.use(quote.id)}
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

function QuoteItem({ youtubeId, quote, allowed, onPlay }: { youtubeId: string; quote: Quote; allowed: boolean; onPlay(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="mb-2 flex flex-wrap items-center gap-2 text-xs">
        <Badge className="bg-amber-100 text-amber-800">Viral Cut</Badge>
        <Badge className="bg-slate-200 text-slate-700">{formatDuration(quote.endTime - quote.startTime)}</Badge>
        <span className="text-slate-500">{formatRange(quote.startTime, quote.endTime)}</span>
      </div>
      <ExpandableQuote text={quote.content} />
      <div className="mt-3">
        {open ? (
          <ClipPlayer
            youtubeId={youtubeId}
            start={quote.startTime}
            end={quote.endTime}
            title={quote.content.slice(0, 80)}
            autoplay
          />
        ) : allowed ? (
          <Button
            variant="outline"
            onClick={() => {
              onPlay();
              setOpen(true);
            }}
          >
            <Play className="h-4 w-4" aria-hidden />
            Play clip
          </Button>
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Lock className="h-4 w-4" aria-hidden />
            Guests can play 4 clips per video.
            <Link to="/auth" className="font-medium text-brand-700 underline">
              Sign up for unlimited access
            </Link>
          </p>
        )}
      </div>
    </li>
  );
}

/** A quote collapsed to 4 lines with 'Show more' / 'Show less' when it is longer (SPEC §9). */
export function ExpandableQuote({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(text.length > LONG_QUOTE_CHARS);
  const paragraph = useRef<HTMLParagraphElement>(null);

  useLayoutEffect(() => {
    const element = paragraph.current;
    if (element && !expanded && element.scrollHeight > element.clientHeight + 1) setOverflows(true);
  }, [text, expanded]);

  return (
    <div>
      <blockquote>
        <p ref={paragraph} className={`text-sm leading-6 text-slate-800 ${expanded ? '' : 'line-clamp-4'}`}>
          “{text}”
        </p>
      </blockquote>
      {overflows && (
        <button
          type="button"
          className="mt-1 text-sm font-medium text-brand-700 hover:underline"
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}
