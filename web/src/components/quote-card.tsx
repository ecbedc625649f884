import { quoteText, type Quote } from '@findclips/contracts';
import { Play } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { clipSpan, formatDuration, formatRange } from '../lib/format';
import { CompactClip } from './clip-player';
import { ExpandableQuote } from './expandable-quote';
import { Badge, Button } from './ui';

interface QuoteCardProps {
  youtubeId: string;
  quote: Quote;
  /** Its Viral Cut is playing: the page keeps one open at a time. */
  open: boolean;
  onOpen(): void;
  onClose(): void;
  /** Its clip started playing (a guest's allowance counts clips played, not clips that failed to load). */
  onPlaying?(): void;
  /** Shown instead of 'Play clip' when the visitor may not play it (a guest's allowance). */
  locked?: ReactNode;
  /** The card's anchor (`quote-2-1`), for links to this quote. */
  id?: string;
  /** Shown beside the quote's time: links to it. */
  links?: ReactNode;
  /** Shown beside 'Play clip': what the owner may do with the quote (remove it). */
  actions?: ReactNode;
}

/** The clip's caption while it loads: the quote's first 80 characters, cut after a whole word, '…' when cut. */
export function opening(text: string): string {
  const characters = Array.from(text);
  if (characters.length <= 80) return text;
  const cut = characters.slice(0, 81).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  // No space to cut at (Chinese, Japanese, a web address): 80 characters, none cut in half.
  return `${atWord && atWord !== cut ? atWord : characters.slice(0, 80).join('')}…`;
}

/**
 * The clip open among `quotes` (one topic's), else null: what a memoized topic is told of the
 * clip open on the page, so that the topics it is not in keep their render.
 */
export const openAmong = (quotes: Quote[], open: string | null): string | null =>
  open !== null && quotes.some((quote) => quote.id === open) ? open : null;

/** A quote to read before playing it: its Viral Cut label, length, time, words and compact player. */
export function QuoteCard({ youtubeId, quote, open, onOpen, onClose, onPlaying, locked, id, links, actions }: QuoteCardProps) {
  const text = quoteText(quote.content);
  // 'Play clip' is the same words on every card: a screen reader also reads which quote it plays.
  // (Named from the card's anchor when it has one, so the links beside it can point at it too.)
  const generatedId = useId();
  const textId = id ? `${id}-text` : generatedId;
  // The focus follows the clip this card's buttons open and close: to 'Close clip' once it opens,
  // back to 'Play clip' once closed there (not when another card's clip takes its place).
  const [focusTo, setFocusTo] = useState<'close' | 'play'>();
  const span = clipSpan(quote.startTime, quote.endTime);
  return (
    <li id={id} className="scroll-mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="mb-2 flex flex-wrap items-center gap-2 text-xs">
        <Badge className="bg-amber-100 text-amber-800">Viral Cut</Badge>
        <Badge className="bg-slate-200 text-slate-700">{formatDuration(span.to - span.from)}</Badge>
        <span className="text-slate-500">{formatRange(span.from, span.to)}</span>
        {links}
      </div>
      <ExpandableQuote text={text} id={textId} />
      {/* On paper, the quote is what is read: nothing to press or play. */}
      <div className="mt-3 flex flex-wrap items-start gap-2 print:hidden">
        {open ? (
          <CompactClip
            className="w-full"
            youtubeId={youtubeId}
            start={quote.startTime}
            end={quote.endTime}
            title={opening(text)}
            onClose={() => {
              setFocusTo('play');
              onClose();
            }}
            onPlaying={onPlaying}
            focusClose={focusTo === 'close'}
          />
        ) : (
          (locked ?? (
            <Button
              variant="outline"
              onClick={() => {
                setFocusTo('close');
                onOpen();
              }}
              aria-describedby={textId}
              autoFocus={focusTo === 'play'}
              onFocus={() => setFocusTo(undefined)}
            >
              <Play className="h-4 w-4" aria-hidden />
              Play clip
            </Button>
          ))
        )}
        {actions}
      </div>
    </li>
  );
}
