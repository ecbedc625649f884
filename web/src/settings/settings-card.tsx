import type { ComponentProps, ReactNode } from 'react';
import { Button, Card, SubmitButton } from '../components/ui';
import { composing } from '../lib/composing';

export function SettingsCard({ title, badge, children }: { title: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {badge}
      </div>
      {children}
    </Card>
  );
}

/**
 * A card's edit form: Escape cancels it, as its Cancel button does; not an Escape a toast took to
 * close itself, nor one that ends composing a character.
 */
export function EditForm({
  onCancel,
  ...props
}: Omit<ComponentProps<'form'>, 'noValidate' | 'onKeyDown'> & { onCancel(): void }) {
  return (
    <form
      noValidate
      {...props}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented && !composing(event)) onCancel();
      }}
    />
  );
}

/** A card's edit form buttons: submit (inactive while saving) and Cancel back to the view. */
export function FormActions({
  submitLabel,
  pending,
  onCancel,
  className = 'flex gap-2',
}: {
  submitLabel: string;
  pending: boolean;
  onCancel(): void;
  className?: string;
}) {
  return (
    <div className={className}>
      <SubmitButton busy={pending}>{submitLabel}</SubmitButton>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
