import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useReturnFocus } from './return-focus';
import { composing } from '../lib/composing';

/** A modal dialog: focus trapped inside, Escape and the close button dismiss it (Radix), focus back to its opener. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide = false,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content
          className={`fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-surface p-6 shadow-xl ${
            wide ? 'max-w-3xl' : 'max-w-md'
          }`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...returnFocus}
          // Escape in a word being typed with an input method (a share's title in Japanese) cancels
          // the word, not the dialog and what was typed in it.
          onEscapeKeyDown={(event) => composing(event) && event.preventDefault()}
        >
          <DialogPrimitive.Title className="pr-8 text-lg font-semibold">{title}</DialogPrimitive.Title>
          {description && (
            <DialogPrimitive.Description className="text-sm text-slate-600">{description}</DialogPrimitive.Description>
          )}
          {children}
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute right-4 top-4 rounded p-1 text-slate-500 hover:bg-slate-100"
          >
            <X className="h-4 w-4" aria-hidden />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
