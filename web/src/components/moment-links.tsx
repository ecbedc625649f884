import { clock, youtubeAt } from '@findclips/exports/time';
import { Check, ExternalLink, Link2 } from 'lucide-react';
import { useCopy } from '../lib/use-copy';

/**
 * Ways to reach one moment from elsewhere: a copy of this page's link to it (`#topic-2`,
 * `#quote-2-1`) and the video on YouTube from that second. `describedBy`: what names the moment,
 * said with 'Copy link', which every moment has.
 */
export function MomentLinks({
  anchor,
  youtubeId,
  start,
  describedBy,
}: {
  anchor: string;
  youtubeId: string;
  start: number;
  describedBy: string;
}) {
  const { copied, copy } = useCopy();
  const permalink = () => `${window.location.origin}${window.location.pathname}#${anchor}`;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1 text-xs print:hidden">
      <button
        type="button"
        onClick={() => void copy(permalink())}
        aria-describedby={describedBy}
        className="inline-flex min-h-6 items-center gap-1 font-medium text-brand-700 hover:underline"
      >
        {copied ? <Check className="h-3.5 w-3.5" aria-hidden /> : <Link2 className="h-3.5 w-3.5" aria-hidden />}
        {copied ? 'Copied' : 'Copy link'}
      </button>
      <a
        href={youtubeAt(youtubeId, start)}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-6 items-center gap-1 font-medium text-brand-700 hover:underline"
      >
        <ExternalLink className="h-3.5 w-3.5" aria-hidden />
        Open on YouTube at {clock(start)}
      </a>
    </span>
  );
}
