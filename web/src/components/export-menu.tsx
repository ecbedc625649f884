import type { ExportFormat, ExportSource } from '@findclips/exports';
import { Download } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { codeFailedAdvice } from '../lib/code-failed';
import { announce, ensureAnnouncer } from '../lib/announce';
import { useToast } from '../lib/toast';
import { buttonClass } from './ui';

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'chapters', label: 'YouTube chapters' },
  { format: 'markdown', label: 'Markdown notes' },
  { format: 'srt', label: 'SRT subtitles' },
  { format: 'vtt', label: 'WebVTT subtitles' },
  { format: 'json', label: 'JSON' },
];

/** The list's width (rem; `w-48`, so it grows with larger text), and the least room (px) it leaves at the screen's edges. */
const LIST_WIDTH_REM = 12;
const EDGE_PX = 8;

/**
 * Where the list goes under the button (px from the menu's left edge) and how wide it is: it hangs
 * from the button's right edge, moved right as far as it must to stay on the screen, and no wider
 * than the screen (with text at 200% on a 320 px phone its 12 rem are wider than the screen).
 */
function placeList(menu: HTMLElement): { left: number; width: number } {
  const button = menu.querySelector('summary')!.getBoundingClientRect();
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const viewport = document.documentElement.clientWidth;
  const width = Math.min(LIST_WIDTH_REM * rem, viewport - 2 * EDGE_PX);
  const left = Math.min(Math.max(button.right - width, EDGE_PX), viewport - EDGE_PX - width);
  return { left: left - menu.getBoundingClientRect().left, width };
}

/**
 * 'Export': the analysis as a file in the formats people already use. The formats load on the first
 * export, so pages that never export do not carry them; what the chapter rules changed is said.
 */
export function ExportMenu({ source }: { source: ExportSource }) {
  const toast = useToast();
  const menu = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ left: number; width: number } | null>(null);
  // The live region in the page before its first message ('Saved NAME'): one added already filled is not read.
  useEffect(() => void ensureAnnouncer(), []);
  /** Closes the menu; focus goes back to 'Export' when it was inside the menu. */
  const close = useCallback(() => {
    const details = menu.current;
    if (!details?.open) return;
    const focusInside = details.contains(document.activeElement);
    details.open = false;
    if (focusInside) details.querySelector('summary')?.focus();
  }, []);
  // Open: Escape, or a click or a tap outside it, closes it, as any menu.
  useEffect(() => {
    if (!open) return;
    // Opened, the first format has the keyboard, as in the page's other menus: the arrows go on from it.
    menu.current?.querySelector<HTMLButtonElement>('ul button')?.focus();
    const outside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) close();
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    // A phone turned, or a window resized, with the list open: placed again.
    const replace = () => menu.current && setPlace(placeList(menu.current));
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    window.addEventListener('resize', replace);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
      window.removeEventListener('resize', replace);
    };
  }, [open, close]);
  const save = async (format: ExportFormat) => {
    close();
    // The formats and the file's making load with the first export: offline, or after a new version
    // replaced the files this tab was opened with, they may not.
    const code = await Promise.all([import('@findclips/exports'), import('./download-file')]).catch(() => null);
    if (!code) {
      toast({ title: 'The export could not be loaded', description: codeFailedAdvice(), variant: 'destructive' });
      return;
    }
    const [{ exportAnalysis }, { download, fileName }] = code;
    const file = exportAnalysis(format, source);
    const name = fileName(source.title, file.extension);
    download(file.text, name, file.mimeType);
    // A download says nothing to a screen reader (the browser's own notice is outside the page).
    announce(`Saved ${name}`);
    if (file.notes.length) toast({ title: 'Chapters adjusted for YouTube', description: file.notes.join(' '), duration: 8_000 });
  };
  return (
    <details
      ref={menu}
      className="relative"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      // Tabbing out of it closes it too.
      onBlur={(event) => {
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) close();
      }}
    >
      <summary
        // Before it opens (and is painted): the list hangs from the button's right edge, unless it
        // would then run off the screen (on a phone the button may sit at the left).
        onClick={(event) => setPlace(placeList(event.currentTarget.parentElement!))}
        className={buttonClass('outline', 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}
      >
        <Download className="h-4 w-4" aria-hidden />
        Export
      </summary>
      <ul
        // The arrow keys move between the formats, as in the page's other menus (Tab still does).
        onKeyDown={(event) => {
          const items = [...event.currentTarget.querySelectorAll('button')];
          const at = items.indexOf(document.activeElement as HTMLButtonElement);
          const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
          if (to === undefined) return;
          event.preventDefault();
          items[(to + items.length) % items.length]?.focus();
        }}
        style={place ?? undefined}
        className="absolute right-0 z-40 mt-1 grid w-48 rounded-md border border-slate-200 bg-surface p-1 shadow-lg"
      >
        {FORMATS.map(({ format, label }) => (
          <li key={format}>
            <button
              type="button"
              onClick={() => void save(format)}
              className="w-full rounded px-2 py-1.5 text-left text-sm text-slate-800 hover:bg-slate-100"
            >
              {label}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
