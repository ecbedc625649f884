// The field that renames a topic in Edit mode.
import { editMessages, TOPIC_TITLE_MAX } from '@findclips/contracts';
import { useState, type FormEvent } from 'react';
import { Button, Input } from '../components/ui';
import { composing } from '../lib/composing';

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
  // Enter on an empty title says why nothing is saved (Save is off meanwhile).
  const [empty, setEmpty] = useState(false);
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
        dir="auto"
        maxLength={TOPIC_TITLE_MAX}
        autoFocus
        onChange={(event) => {
          setValue(event.target.value);
          setEmpty(false);
        }}
        aria-invalid={empty || undefined}
        aria-describedby={empty ? `${id}-empty` : undefined}
        onKeyDown={(event) => {
          // (Escape and Enter in a Japanese or Chinese word being typed are the input method's.)
          if (composing(event)) return;
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          } else if (event.key === 'Enter' && !value.trim()) {
            // (A form whose Save is off does not submit on Enter.)
            event.preventDefault();
            setEmpty(true);
          }
        }}
        // Room for a title's words on a phone: Save and Cancel go to the next row first.
        className="min-w-[min(12rem,100%)] flex-1 text-base font-semibold"
      />
      <Button type="submit" disabled={saving || !value.trim()} className="h-9">
        Save
      </Button>
      <Button type="button" variant="outline" onClick={onCancel} className="h-9">
        Cancel
      </Button>
      {empty && (
        <p id={`${id}-empty`} role="alert" className="basis-full text-sm text-red-600">
          {editMessages.titleRequired}.
        </p>
      )}
    </form>
  );
}
