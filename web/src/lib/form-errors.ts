import type { z } from 'zod';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** The first message of each field, from a shared contract schema. */
export function fieldErrors<T>(schema: z.ZodType<unknown>, values: T): FieldErrors<T> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors as FieldErrors<T>;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
