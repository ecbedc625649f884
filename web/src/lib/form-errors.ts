import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';

type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** The first message of each field, from a shared contract schema. */
function fieldErrors<T>(schema: z.ZodType<unknown>, values: T): FieldErrors<T> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors as FieldErrors<T>;
}

const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/**
 * A form's own checks, as a person meets them: none while they first fill it in, all on submit
 * (the focus then on the first field in error, once its message is on the page), and from then on
 * as they type, so that no message outlives its cause. `fieldIds` lists the fields in the form's
 * order with the id of each one's input.
 */
export function useFieldChecks<T extends object>(
  schema: z.ZodType<unknown>,
  fieldIds: Partial<Record<keyof T & string, string>>,
) {
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [checking, setChecking] = useState(false);
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const fields = Object.keys(fieldIds) as (keyof T & string)[];
  return {
    errors,
    /** An input's onChange: its value kept by `setValues`, and after a submit the messages follow it. */
    changer(values: T, setValues: (next: T) => void) {
      return (field: keyof T & string) => (event: ChangeEvent<HTMLInputElement>) => {
        const next = { ...values, [field]: event.target.value };
        setValues(next);
        if (checking) setErrors(fieldErrors<T>(schema, next));
      };
    },
    /** On submit: true when the values pass; else each message shows, the focus on the first. */
    check(values: T): boolean {
      setChecking(true);
      const found = fieldErrors<T>(schema, values);
      setErrors(found);
      const first = fields.find((field) => found[field]);
      if (first) focusNext.current = fieldIds[first] ?? null;
      return !hasErrors(found);
    },
    /** The server's word on one field, said there with the focus on it. */
    refuse(field: keyof T & string, message: string) {
      setErrors({ [field]: message } as FieldErrors<T>);
      focusNext.current = fieldIds[field] ?? null;
    },
    /** A form opened again starts clean. */
    reset() {
      setChecking(false);
      setErrors({});
    },
  };
}
