import { cn } from '../lib/cn';
import { Loader2 } from 'lucide-react';
import { forwardRef, type ButtonHTMLAttributes, type HTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';

type ButtonVariant = 'primary' | 'outline' | 'ghost' | 'destructive';

const buttonStyles: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-800',
  outline: 'border border-slate-300 bg-surface text-slate-800 hover:bg-slate-100',
  ghost: 'text-slate-700 hover:bg-slate-100',
  destructive: 'bg-danger text-white hover:bg-danger-strong',
};

/** Classes of a button, for links that look like one: 44 px tall on a touch screen (a phone's guideline), 40 with a mouse. */
export const buttonClass = (variant: ButtonVariant = 'primary', extra?: string) =>
  cn(
    'inline-flex min-h-10 items-center pointer-coarse:min-h-11 justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50',
    buttonStyles[variant],
    extra,
  );

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /**
   * Its request is on its way: not disabled, which would drop the keyboard's focus to the page, but
   * aria-disabled and faded; its handler sends nothing more meanwhile.
   */
  busy?: boolean;
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', className, type = 'button', busy = false, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      aria-disabled={busy || undefined}
      className={buttonClass(variant, cn(busy && 'opacity-50', className))}
      {...props}
    />
  );
});

/** A form's submit button; busy while its request is on its way (the form sends nothing more). */
export function SubmitButton({ busy, ...props }: Omit<ButtonProps, 'type' | 'busy'> & { busy: boolean }) {
  return <Button type="submit" busy={busy} {...props} />;
}

/**
 * The frame of every field a person types into or chooses from: its border stands 3:1 against the
 * page (WCAG 1.4.11; slate-300's 1.5:1 hid three of them, a stranger's keyboard walk).
 */
export const fieldFrame = 'rounded-md border border-slate-500 bg-surface';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return (
    <input
      ref={ref}
      className={cn(
        fieldFrame,
        'block min-h-10 w-full pointer-coarse:min-h-11 px-3 py-2 text-sm placeholder:text-slate-500 disabled:opacity-60 aria-[invalid=true]:border-red-500',
        className,
      )}
      {...props}
    />
  );
});

/**
 * What went wrong, said beside the fields it describes (`id` for their aria-describedby) and kept
 * there: not a live region, as the toast that told it announced it; this stays to be read again.
 */
export function ProblemNote({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-red-700">
      <span className="font-semibold">{title}:</span> {children}
    </p>
  );
}

export function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export function Badge({ className, ...props }: HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700',
        className,
      )}
      {...props}
    />
  );
}

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-xl border border-slate-200 bg-surface shadow-sm', className)} {...props} />;
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center">
      <Loader2 className="h-8 w-8 animate-spin text-brand-600" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-slate-200', className)} />;
}
