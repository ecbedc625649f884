import { cn } from '../lib/cn';
import { Film } from 'lucide-react';
import { useState } from 'react';

/**
 * A video's thumbnail; when it cannot load (YouTube unreachable, a removed video), a neutral
 * placeholder with the video's title instead of a broken image.
 */
export function Thumbnail({
  src,
  title,
  className,
  lazy = false,
}: {
  src: string;
  title: string;
  className?: string;
  /** Loaded only as it nears the screen: one of many, in a long list. */
  lazy?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div
        role="img"
        aria-label={title}
        className={cn(
          'flex aspect-video flex-col items-center justify-center gap-1 bg-slate-200 p-3 text-center text-slate-600',
          className,
        )}
      >
        <Film className="h-6 w-6 shrink-0" aria-hidden />
        <span dir="auto" className="line-clamp-2 text-xs font-medium">
          {title}
        </span>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={title}
      loading={lazy ? 'lazy' : undefined}
      onError={() => setFailed(true)}
      className={cn('aspect-video bg-slate-200 object-cover', className)}
    />
  );
}
