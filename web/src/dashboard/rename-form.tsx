// The field that renames a topic in Edit mode.
import { TOPIC_TITLE_MAX } from '@findclips/contracts';
import { useState, type FormEvent } from 'react';
import { Button, Input } from '../components/ui';

/** The topic's title as a field: Enter (or Save) saves it, Esc (or Cancel) leaves it as it was. */
export function RenameForm({
  id,
  number,
  title,
  saving,
  onSave,
  onCancel,
}: {
  id: string;
  number: number;
  title: string;
  saving: boolean;
  onSave(title: string): void;
  onCancel(): void;
}) {
  const [value, setValue] = useState(title);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === title) return onCancel();
    if (value.trim()) onSave(value.trim());
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      {/* The topic keeps its number while its title is a field, as it shows beside the title. */}
      <span aria-hidden className="text-lg font-semibold text-brand-700">
        {number}.
      </span>
      <Input
        id={id}
        aria-label={`Title of topic ${number}`}
        value={value}
        maxLength={TOPIC_TITLE_MAX}
        autoFocus
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && (event.preventDefault(), onCancel())}
        className="min-w-0 flex-1 text-base font-semibold"
      />
      <Button type="submit" disabled={saving || !value.trim()} className="h-9">
        Save
      </Button>
      <Button type="button" variant="outline" onClick={onCancel} className="h-9">
        Cancel
      </Button>
    </form>
  );
}
