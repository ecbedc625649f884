import * as Toast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useRef } from 'react';
import {
  NoticeLink,
  TOAST_ACTION_CLASS,
  TOAST_DEFAULT_MS,
  toastCardClass,
  UnspokenEmoji,
  withoutEmoji,
  type ShownToast,
} from './toast';
import { composing } from './composing';

/** The toast on screen and the 'Notifications' region that announces it (loaded with the first toast). */
export default function Toaster({ current, onDismiss }: { current: ShownToast | null; onDismiss(id: number): void }) {
  const root = useRef<HTMLLIElement>(null);
  return (
    <Toast.Provider swipeDirection="right" duration={TOAST_DEFAULT_MS}>
      {current && (
        <Toast.Root
          key={current.id}
          duration={current.duration ?? TOAST_DEFAULT_MS}
          onOpenChange={(open) => !open && onDismiss(current.id)}
          ref={root}
          // Escape elsewhere on the page closes the toast too (Radix listens on the whole page), and
          // only it: the key is taken, so the form the focus is in is not cancelled by the same
          // press. (In the toast, Radix closes it itself, keeping the focus in its region.)
          onEscapeKeyDown={(event) => {
            // (Escape in a word being typed with an input method cancels the word, not the toast.)
            if (composing(event)) return event.preventDefault();
            if (event.target instanceof Node && root.current?.contains(event.target)) return;
            event.preventDefault();
            onDismiss(current.id);
          }}
          className={`flex w-full items-start gap-3 ${toastCardClass(current.variant)}`}
          data-toast-shown
          data-variant={current.variant ?? 'default'}
        >
          <div className="grid gap-1">
            <Toast.Title
              className="text-sm font-semibold"
              // Announced as a sentence of its own: Radix's announcement runs the title's text into
              // the description's ('Invalid URLPlease enter…', one word to a screen reader).
              data-radix-toast-announce-exclude=""
              data-radix-toast-announce-alt={announcedTitle(current.title)}
            >
              <UnspokenEmoji text={current.title} />
            </Toast.Title>
            {current.description && <Toast.Description className="text-sm">{current.description}</Toast.Description>}
            {current.link && (
              <Toast.Action altText={current.link.label} asChild>
                <NoticeLink link={current.link} className="mt-1 text-sm font-medium underline" />
              </Toast.Action>
            )}
            {current.action && (
              <Toast.Action altText={current.action.altText} asChild>
                <button type="button" onClick={current.action.onClick} className={`text-sm ${TOAST_ACTION_CLASS}`}>
                  {current.action.label}
                </button>
              </Toast.Action>
            )}
          </div>
          <Toast.Close aria-label="Close" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <X className="h-4 w-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col p-4 outline-none" />
    </Toast.Provider>
  );
}

/** A title as the toast's announcement says it: without its emoji, ending its sentence. */
const announcedTitle = (title: string) => {
  const spoken = withoutEmoji(title);
  return /[.!?]$/.test(spoken) ? `${spoken} ` : `${spoken}. `;
};
