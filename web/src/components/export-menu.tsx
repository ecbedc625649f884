import type { ExportFormat, ExportSource } from '@findclips/exports';
import { Download } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { codeFailedAdvice } from '../lib/code-failed';
import { useToast } from '../lib/toast';
import { buttonClass } from './ui';

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'chapters', label: 'YouTube chapters' },
  { format: 'markdown', label: 'Markdown notes' },
  { format: 'srt', label: 'SRT subtitles' },
  { format: 'vtt', label: 'WebVTT subtitles' },
  { format: 'json', label: 'JSON' },
];

/** The list's width (px; `w-48`), and the least room it leaves between itself and the screen's left edge. */
const LIST_WIDTH_PX = 192;
const EDGE_PX = 8;

/**
 * 'Export': the analysis as a file in the formats people already use. The formats load on the first
 * export, so pages that never export do not carry them; what the chapter rules changed is said.
 */
export function ExportMenu({ source }: { source: ExportSource }) {
  const toast = useToast();
  const menu = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const [fromLeft, setFromLeft] = useState(false);
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
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
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
    download(file.text, fileName(source.title, file.extension), file.mimeType);
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
        // would then run off the left of the screen (on a phone the button may sit at the left).
        onClick={(event) => setFromLeft(event.currentTarget.getBoundingClientRect().right < LIST_WIDTH_PX + EDGE_PX)}
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
        className={`absolute ${fromLeft ? 'left-0' : 'right-0'} z-40 mt-1 grid w-48 rounded-md border border-slate-200 bg-surface p-1 shadow-lg`}
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
