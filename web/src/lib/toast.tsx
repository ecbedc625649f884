import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';

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

// The toast's widgets (Radix) load with the first toast: pages that never show one, such as a
// shared page, do not pay for them.
const loadToaster = () => import('./toaster');
/**
 * The widgets' component, loaded once for the app. React.lazy keeps a failed import for good, so
 * after one (the first toast shown offline) it is replaced: the next toast loads the widgets again,
 * rather than every toast staying plain.
 */
let Toaster = lazy(loadToaster);
const loadAgain = () => void (Toaster = lazy(loadToaster));

let nextId = 1;

/** The toast as text in a live region, for its usual time, when the toaster's code cannot be loaded. */
function PlainToast({ current, onDismiss }: { current: ShownToast | null; onDismiss(id: number): void }) {
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => onDismiss(current.id), current.duration ?? TOAST_DEFAULT_MS);
    return () => clearTimeout(timer);
  }, [current, onDismiss]);
  return (
    <div role="status" className="fixed bottom-0 right-0 z-[100] max-w-sm p-4">
      {current && (
        <div className="rounded-lg border border-slate-200 bg-surface p-4 text-sm shadow-lg">
          <p className="font-semibold">{current.title}</p>
          {current.description && <p>{current.description}</p>}
          {current.link && (
            <a href={current.link.to} className="mt-1 font-medium underline">
              {current.link.label}
            </a>
          )}
          {current.action && (
            <button
              type="button"
              className="mt-1 min-h-6 font-medium underline"
              onClick={() => {
                onDismiss(current.id);
                current.action!.onClick();
              }}
            >
              {current.action.label}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [used, setUsed] = useState(false);
  const show = useCallback((options: ToastOptions) => {
    setUsed(true);
    setCurrent({ ...options, id: nextId++ });
  }, []);
  const dismiss = useCallback((id: number) => setCurrent((shown) => (shown?.id === id ? null : shown)), []);
  const clearError = useCallback(() => setCurrent((shown) => (shown?.variant === 'destructive' ? null : shown)), []);

  return (
    <ToastContext.Provider value={show}>
      <ClearErrorContext.Provider value={clearError}>
        {children}
        {used && (
          // Without its widgets (their code failed to load), the toast is still said, plainly.
          <ErrorBoundary
            fallback={<PlainToast current={current} onDismiss={dismiss} />}
            resetKey={current?.id}
            onError={loadAgain}
          >
            <Suspense fallback={null}>
              <Toaster current={current} onDismiss={dismiss} />
            </Suspense>
          </ErrorBoundary>
        )}
      </ClearErrorContext.Provider>
    </ToastContext.Provider>
  );
}
