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
 * Turns zod issues into messages that name their field. Our own messages are kept
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
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * The first string of a request (at any depth) holding a control character, such as NUL, which
 * PostgreSQL refuses in text: its field and a message naming it. Null when there is none. Walked
 * with a stack of its own, so a body nested thousands deep cannot exhaust the call stack.
 */
export function findControlCharacters(input: unknown): FieldProblem | null {
  interface Node {
    value: unknown;
    key: string | null;
    parent: Node | null;
  }
  const pathOf = (node: Node) => {
    const keys: string[] = [];
    for (let at: Node | null = node; at && at.key !== null; at = at.parent) keys.unshift(at.key);
    return keys.join('.') || 'body';
  };
  const stack: Node[] = [{ value: input, key: null, parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (!CONTROL_CHARACTERS.test(value)) continue;
      const field = pathOf(node);
      return { field, message: `${field} must not contain control characters` };
    }
    if (value === null || typeof value !== 'object') continue;
    // Pushed in reverse, so fields are visited in their order.
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: node });
  }
  return null;
}
