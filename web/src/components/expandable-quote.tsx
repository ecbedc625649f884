import { useEffect, useRef, useState } from 'react';
import { useSpokenText } from '../lib/spoken-language';

/**
 * A quote collapsed to 4 lines. 'Show more' appears only when the text really is cut (measured, and
 * measured again when the width changes), and 'Show less' folds it back.
 *
 * Measured when the browser has laid the page out (a ResizeObserver's first report comes then,
 * before the paint): measured as each quote was put in, 240 quotes made the browser lay out a big
 * analysis again and again, a page frozen 1.2 s at a slow phone's speed (a stranger's audit).
 */
export function ExpandableQuote({ text, id }: { text: string; id?: string }) {
  const spoken = useSpokenText();
  const [expanded, setExpanded] = useState(false);
  const [clamped, setClamped] = useState(false);
  const paragraph = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const element = paragraph.current;
    if (!element || expanded) return;
    const measure = () => setClamped(element.scrollHeight > element.clientHeight + 1);
    if (typeof ResizeObserver === 'undefined') return measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);

  return (
    <div>
      <blockquote>
        <p
          id={id}
          ref={paragraph}
          {...spoken}
          className={`text-sm leading-6 text-slate-800 ${expanded ? '' : 'line-clamp-4 print:line-clamp-none'}`}
        >
          “{text}”
        </p>
      </blockquote>
      {(clamped || expanded) && (
        <button
          type="button"
          className="mt-1 min-h-6 text-sm font-medium text-brand-700 hover:underline print:hidden"
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}
