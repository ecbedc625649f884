import type { ReactNode } from 'react';
import { Button, Card } from '../components/ui';

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

/** A card's edit form buttons: submit (disabled while saving) and Cancel back to the view. */
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
      <Button type="submit" disabled={pending}>
        {submitLabel}
      </Button>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
