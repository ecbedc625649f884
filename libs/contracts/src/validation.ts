import type { z } from 'zod';

/** One validation problem as a person should read it, with the field it concerns. */
export interface FieldProblem {
  field: string;
  message: string;
}

const typeNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Turns zod issues into messages that name their field. Our own messages (SPEC §5) are kept
 * as they are; zod's generic type errors become "email is required" / "email must be text".
 */
export function describeIssues(error: z.ZodError, input: unknown): FieldProblem[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || 'body';
    if (issue.code !== 'invalid_type') return { field, message: issue.message };
    if (field === 'body') return { field, message: 'The request body must be a JSON object' };
    const value = valueAt(input, issue.path);
    if (value === undefined || value === null) return { field, message: `${field} is required` };
    return { field, message: `${field} must be ${typeNames[issue.expected] ?? issue.expected}` };
  });
}

/** Control characters no field of ours takes (tab, line feed and carriage return are text). */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * The first string of a request (at any depth) holding a control character, such as NUL, which
 * PostgreSQL refuses in text: its field and a message naming it. Null when there is none.
 */
export function findControlCharacters(input: unknown, path: string[] = []): FieldProblem | null {
  if (typeof input === 'string') {
    if (!CONTROL_CHARACTERS.test(input)) return null;
    const field = path.join('.') || 'body';
    return { field, message: `${field} must not contain control characters` };
  }
  if (input === null || typeof input !== 'object') return null;
  for (const [key, value] of Object.entries(input)) {
    const found = findControlCharacters(value, [...path, key]);
    if (found) return found;
  }
  return null;
}
