import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';
import { SIGN_UP_STATE } from './sign-up';

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
/** A toast's action button ('Undo'). */
export const TOAST_ACTION_CLASS = 'mt-1 min-h-9 justify-self-start rounded-md border border-current px-3 font-medium';

/**
 * The toast in a live region, for its usual time, when the toaster's code cannot be loaded (the
 * first toast shown offline): as the toaster shows it, red for an error, with its link, its action
 * and a way to close it.
 */
function PlainToast({ current, onDismiss }: { current: ShownToast | null; onDismiss(id: number): void }) {
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => onDismiss(current.id), current.duration ?? TOAST_DEFAULT_MS);
    return () => clearTimeout(timer);
  }, [current, onDismiss]);
  return (
    // Clicks pass through the region around the toast, as through the widgets' viewport.
    <div role="status" className="pointer-events-none fixed bottom-0 right-0 z-[100] w-full max-w-sm p-4">
      {current && (
        <div
          data-variant={current.variant ?? 'default'}
          onKeyDown={(event) => event.key === 'Escape' && onDismiss(current.id)}
          className={`grid gap-1 text-sm ${toastCardClass(current.variant)}`}
        >
          <p className="font-semibold">{current.title}</p>
          {current.description && <p>{current.description}</p>}
          {current.link && (
            <Link
              to={current.link.to}
              state={current.link.to === '/auth' ? SIGN_UP_STATE : undefined}
              onClick={() => onDismiss(current.id)}
              className="mt-1 font-medium underline"
            >
              {current.link.label}
            </Link>
          )}
          {current.action && (
            <button
              type="button"
              className={TOAST_ACTION_CLASS}
              onClick={() => {
                onDismiss(current.id);
                current.action!.onClick();
              }}
            >
              {current.action.label}
            </button>
          )}
          <button
            type="button"
            aria-label="Close"
            onClick={() => onDismiss(current.id)}
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
        {Widgets ? (
          // A fault in the widgets leaves the toast said without them, not the page blank.
          <ErrorBoundary fallback={<PlainToast current={current} onDismiss={dismiss} />}>
            <Widgets current={current} onDismiss={dismiss} />
          </ErrorBoundary>
        ) : (
          failed && <PlainToast current={current} onDismiss={dismiss} />
        )}
      </ClearErrorContext.Provider>
    </ToastContext.Provider>
  );
}
