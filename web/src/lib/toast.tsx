import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';

/** How long a toast stays when nothing says otherwise. */
export const TOAST_DEFAULT_MS = 5_000;

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
  /** A link shown in the toast, e.g. 'Sign up' to /auth. */
  link?: { label: string; to: string };
}

export interface ShownToast extends ToastOptions {
  id: number;
}

const ToastContext = createContext<(options: ToastOptions) => void>(() => undefined);

/** Shows a toast; at most one is visible, a new one replaces the previous. */
export const useToast = () => useContext(ToastContext);

// The toast's widgets (Radix) load with the first toast: pages that never show one, such as a
// shared page, do not pay for them.
const Toaster = lazy(() => import('./toaster'));

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [used, setUsed] = useState(false);
  const show = useCallback((options: ToastOptions) => {
    setUsed(true);
    setCurrent({ ...options, id: nextId++ });
  }, []);
  const dismiss = useCallback((id: number) => setCurrent((shown) => (shown?.id === id ? null : shown)), []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <Toaster current={current} onDismiss={dismiss} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
