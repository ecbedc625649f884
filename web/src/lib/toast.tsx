import * as Toast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

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

interface ShownToast extends ToastOptions {
  id: number;
}

const ToastContext = createContext<(options: ToastOptions) => void>(() => undefined);

/** Shows a toast; SPEC §4: at most one is visible, a new one replaces the previous. */
export const useToast = () => useContext(ToastContext);

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const show = useCallback((options: ToastOptions) => setCurrent({ ...options, id: nextId++ }), []);
  const value = useMemo(() => show, [show]);
  const destructive = current?.variant === 'destructive';

  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider swipeDirection="right" duration={TOAST_DEFAULT_MS}>
        {children}
        {current && (
          <Toast.Root
            key={current.id}
            duration={current.duration ?? TOAST_DEFAULT_MS}
            onOpenChange={(open) => !open && setCurrent((shown) => (shown?.id === current.id ? null : shown))}
            className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg ${
              destructive ? 'border-red-600 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900'
            }`}
            data-variant={current.variant ?? 'default'}
          >
            <div className="grid gap-1">
              <Toast.Title className="text-sm font-semibold">{current.title}</Toast.Title>
              {current.description && <Toast.Description className="text-sm opacity-90">{current.description}</Toast.Description>}
              {current.link && (
                <Toast.Action altText={current.link.label} asChild>
                  <Link to={current.link.to} className="mt-1 text-sm font-medium underline">
                    {current.link.label}
                  </Link>
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
    </ToastContext.Provider>
  );
}
