import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type ReactNode,
} from 'react';
import { Link } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';
import { SIGN_UP_STATE } from './sign-up';
import { composing } from './composing';

/** How long a toast stays when nothing says otherwise. */
export const TOAST_DEFAULT_MS = 5_000;

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
  /** A link shown in the toast, e.g. 'Sign up' to /auth. */
  link?: { label: string; to: string };
  /**
   * A button shown in the toast, e.g. 'Undo'; pressing it closes the toast. `altText` says to
   * screen readers how else to do it, once the toast is gone.
   */
  action?: { label: string; altText: string; onClick(): void };
}

export interface ShownToast extends ToastOptions {
  id: number;
}

const ToastContext = createContext<(options: ToastOptions) => void>(() => undefined);
const ClearErrorContext = createContext<() => void>(() => undefined);

/** Shows a toast; at most one is visible, a new one replaces the previous. */
export const useToast = () => useContext(ToastContext);
/** Takes away an error toast still showing, once what it said no longer holds (a new link is on its way). */
export const useClearErrorToast = () => useContext(ClearErrorContext);

type Toaster = (typeof import('./toaster'))['default'];
let loaded: Toaster | undefined;
/**
 * The toast's widgets (Radix), loaded with the first toast, or before it by a page that shows
 * toasts (the dashboard, so that one shown once the network is gone still has them): pages that
 * never show one, such as a shared page, do not pay for them.
 */
export const loadToaster = () => import('./toaster').then((module) => (loaded = module.default));

let nextId = 1;

/** A toast's card, as the widgets and the plain toast both draw it: red for an error. */
export const toastCardClass = (variant: ToastOptions['variant']) =>
  `pointer-events-auto relative rounded-lg border p-4 pr-10 shadow-lg ${
    variant === 'destructive' ? 'border-danger bg-danger text-white' : 'border-slate-200 bg-surface text-slate-900'
  }`;
/** A toast's link ('Sign up', to /auth: on its Register tab), wherever the toast's words are shown. */
export const NoticeLink = forwardRef<
  HTMLAnchorElement,
  { link: NonNullable<ToastOptions['link']> } & AnchorHTMLAttributes<HTMLAnchorElement>
>(function NoticeLink({ link, ...props }, ref) {
  return (
    <Link ref={ref} to={link.to} state={link.to === '/auth' ? SIGN_UP_STATE : undefined} {...props}>
      {link.label}
    </Link>
  );
});

/** A toast's action button ('Undo'). */
export const TOAST_ACTION_CLASS = 'mt-1 min-h-9 justify-self-start rounded-md border border-current px-3 font-medium';

/**
 * The toast in a live region, for its usual time, when the toaster's code cannot be loaded (the
 * first toast shown offline): as the toaster shows it, red for an error, with its link, its action
 * and a way to close it, and as the toaster behaves: its time stops while the pointer is over it,
 * the focus in it or the window in the background, and a toast that goes under the focus leaves it
 * in the region, not on the page.
 */
function PlainToast({
  current,
  onDismiss,
  onShown,
}: {
  current: ShownToast | null;
  onDismiss(id: number): void;
  onShown(id: number): void;
}) {
  const region = useRef<HTMLDivElement>(null);
  // The region is on the page, empty, a frame before the toast is put in it: a screen reader does
  // not read a live region added already filled.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let second = 0;
    const first = requestAnimationFrame(() => (second = requestAnimationFrame(() => setReady(true))));
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, []);
  const shown = ready ? current : null;
  const [pointed, setPointed] = useState(false);
  const [focused, setFocused] = useState(false);
  const [away, setAway] = useState(false);
  useEffect(() => {
    const leave = () => setAway(true);
    const back = () => setAway(false);
    window.addEventListener('blur', leave);
    window.addEventListener('focus', back);
    return () => {
      window.removeEventListener('blur', leave);
      window.removeEventListener('focus', back);
    };
  }, []);
  const left = useRef(0);
  useEffect(() => {
    if (!shown) return;
    left.current = shown.duration ?? TOAST_DEFAULT_MS;
    onShown(shown.id);
  }, [shown, onShown]);
  useEffect(() => {
    if (!shown || pointed || focused || away) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(shown.id), left.current);
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [shown, pointed, focused, away, onDismiss]);
  // A toast gone (or changed) under the pointer or the focus: no pointer leaves it and no focus
  // moves out, so its time would stop for good, and the focus would fall to the page. The focus
  // stays in the region, unless what closed it put the focus somewhere (Undo, on the topics).
  const card = useRef<HTMLDivElement>(null);
  // Keys as the widgets take them, on the whole page: Escape closes the toast (and only it, the key
  // taken: a settings form the focus is in stays), F8 goes to it.
  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (composing(event)) return;
      if (event.key === 'Escape') onDismiss(shown.id);
      else if (event.key === 'F8') card.current?.querySelector<HTMLElement>('a, button')?.focus();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [shown, onDismiss]);
  useLayoutEffect(() => {
    if (!shown) setPointed(false);
    if (!focused || card.current?.contains(document.activeElement)) return;
    if (!document.activeElement || document.activeElement === document.body) region.current!.focus();
    setFocused(false);
  }, [shown, focused]);
  return (
    // Clicks pass through the region around the toast, as through the widgets' viewport.
    <div
      ref={region}
      role="status"
      tabIndex={-1}
      className="pointer-events-none fixed bottom-0 right-0 z-[100] w-full max-w-sm p-4 outline-none"
    >
      {shown && (
        <div
          ref={card}
          data-toast-shown
          data-variant={shown.variant ?? 'default'}
          onPointerEnter={() => setPointed(true)}
          onPointerLeave={() => setPointed(false)}
          onFocus={() => setFocused(true)}
          onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setFocused(false)}
          className={`grid gap-1 text-sm ${toastCardClass(shown.variant)}`}
        >
          <p className="font-semibold">
            <UnspokenEmoji text={shown.title} />
          </p>
          {shown.description && <p>{shown.description}</p>}
          {shown.link && (
            <NoticeLink link={shown.link} onClick={() => onDismiss(shown.id)} className="mt-1 font-medium underline" />
          )}
          {shown.action && (
            <button
              type="button"
              className={TOAST_ACTION_CLASS}
              onClick={() => {
                onDismiss(shown.id);
                shown.action!.onClick();
              }}
            >
              {shown.action.label}
            </button>
          )}
          <button
            type="button"
            aria-label="Close"
            onClick={() => onDismiss(shown.id)}
            className="absolute right-2 top-2 min-h-6 min-w-6 rounded opacity-70 hover:opacity-100"
          >
            <span aria-hidden>×</span>
          </button>
        </div>
      )}
    </div>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  // The widgets once loaded; until then, once their code has failed to load (offline), each toast
  // is shown plainly while the next one tries again.
  const [toaster, setToaster] = useState<{ Toaster: Toaster }>();
  const [failed, setFailed] = useState(false);
  // The toast shown plainly stays so until it goes, rather than changing under its reader when the
  // widgets load meanwhile; its region stays until the next toast (the focus may be in it).
  const [plainId, setPlainId] = useState<number>();
  const show = useCallback((options: ToastOptions) => setCurrent({ ...options, id: nextId++ }), []);
  const dismiss = useCallback((id: number) => setCurrent((shown) => (shown?.id === id ? null : shown)), []);
  const clearError = useCallback(() => setCurrent((shown) => (shown?.variant === 'destructive' ? null : shown)), []);
  const shownId = current?.id;
  const Widgets = toaster?.Toaster ?? loaded;
  useEffect(() => {
    if (shownId === undefined || Widgets) return;
    let live = true;
    loadToaster().then(
      (Toaster) => live && setToaster({ Toaster }),
      () => live && setFailed(true),
    );
    return () => void (live = false);
  }, [shownId, Widgets]);

  return (
    <ToastContext.Provider value={show}>
      <ClearErrorContext.Provider value={clearError}>
        {children}
        {Widgets && !(failed && (current === null || current.id === plainId)) ? (
          // A fault in the widgets leaves the toast said without them, not the page blank.
          <ErrorBoundary fallback={<PlainToast current={current} onDismiss={dismiss} onShown={setPlainId} />}>
            <Widgets current={current} onDismiss={dismiss} />
          </ErrorBoundary>
        ) : (
          failed && <PlainToast current={current} onDismiss={dismiss} onShown={setPlainId} />
        )}
      </ClearErrorContext.Provider>
    </ToastContext.Provider>
  );
}

/** A title without its emoji ('Invalid URL ⚠️'), which screen readers read out as words. */
export const withoutEmoji = (title: string) => title.replace(/\s*\p{Extended_Pictographic}\uFE0F?/gu, '');

/**
 * A title as the catalogue writes it ('Invalid URL ⚠️') on screen, and to screen readers without
 * its emoji: they said 'warning sign' after every such title.
 */
export function UnspokenEmoji({ text }: { text: string }) {
  const spoken = withoutEmoji(text);
  if (spoken === text) return text;
  return (
    <>
      <span aria-hidden>{text}</span>
      <span className="sr-only">{spoken}</span>
    </>
  );
}
