import { z } from 'zod';
import { TOPIC_TITLE_MAX } from './constants';

/** One validation problem as a person should read it, with the field it concerns. */
interface FieldProblem {
  field: string;
  message: string;
}

const typeNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
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
 * Text a field must hold, with the message a person reads when it is missing (the same as when it
 * is empty, say), where zod would say "Invalid input: expected string, received undefined".
 */
export const requiredText = (message: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : undefined) });

/**
 * What shows nothing on its own: format characters (zero-width space, direction marks),
 * separators, combining marks with no letter to sit on (not the spacing and enclosing ones, which
 * draw), the characters Unicode tells fonts to draw as nothing (the Hangul fillers U+3164, U+115F,
 * U+1160 and U+FFA0, variation selectors) and the blank braille pattern, which a name or title of
 * these alone would be.
 */
const NOTHING_SHOWN = /^[\p{Cf}\p{Z}\s\p{Mn}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/** True when a text shows nothing to a reader: empty, spaces, or only characters drawn as nothing. */
export const showsNothing = (text: string) => NOTHING_SHOWN.test(text);

/**
 * The two direction overrides (U+202D, U+202E): they show the letters after them in the order they
 * force, so 'gnp.exe' can read as 'exe.png'. Arabic and Hebrew text needs marks, embeddings and
 * isolates, never these.
 */
const DIRECTION_OVERRIDES = /[\u202D\u202E]/g;

/**
 * Accents piled on one letter past the first 4 ('Zalgo' text): a hundred of them are drawn as a
 * column many lines tall, over the nav bar and the buttons around the text (a stranger's audit of a
 * shared page). Text that reads stacks few: Vietnamese 2, pointed Hebrew up to 4. Characters drawn
 * as nothing between them (a zero-width space, a word joiner) still pile them in one column.
 */
const PILED_MARKS = /(\p{Mn}(?:\p{Default_Ignorable_Code_Point}*\p{Mn}){3})(?:\p{Default_Ignorable_Code_Point}*\p{Mn})+/gu;

/**
 * `text` without direction overrides (see `DIRECTION_OVERRIDES`) nor accents piled past 4 on a
 * letter (see `PILED_MARKS`): for text from elsewhere, YouTube's.
 */
export const withoutOverrides = (text: string) => text.replace(DIRECTION_OVERRIDES, '').replace(PILED_MARKS, '$1');

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A topic's title as shown, from a creator's chapter or a model: one line, no direction override,
 * within TOPIC_TITLE_MAX (as the contract counts it, so that an edit can keep it). A longer one is
 * cut on what a reader sees as one character (no emoji, flag or accented letter cut in two), after
 * a whole word where one ends in its second half, and ends with '…'.
 */
export function topicTitleShown(title: string): string {
  const read = withoutOverrides(title).replace(/\s+/g, ' ').trim();
  if (read.length <= TOPIC_TITLE_MAX) return read;
  let kept = '';
  let next = '';
  for (const { segment } of graphemes.segment(read)) {
    if (kept.length + segment.length > TOPIC_TITLE_MAX - 1) {
      next = segment;
      break;
    }
    kept += segment;
  }
  // Cut where a word ends already: kept whole; else back to the last word's end.
  const lastSpace = /\s/.test(next) ? kept.length : kept.search(/\s\S*$/);
  return `${(lastSpace > TOPIC_TITLE_MAX / 2 ? kept.slice(0, lastSpace) : kept).trimEnd()}…`;
}

/**
 * Text other people read (names, titles) without direction overrides; one that shows nothing:
 * refused with `emptyMessage`, or read as empty when `emptyMessage` is null. (Other direction
 * controls are text: Arabic and Hebrew titles carry them.)
 */
export function shownText(schema: z.ZodString, emptyMessage: string | null) {
  const shown = schema.transform(withoutOverrides);
  return emptyMessage === null
    ? shown.transform((text) => (showsNothing(text) ? '' : text))
    : shown.refine((text) => !showsNothing(text), emptyMessage);
}

/** zod's own wording, which no person should read: "Invalid input: expected true", "Too small: expected …". */
const ZOD_WORDING = /^(Invalid input|Invalid option|Invalid string:|Too small: expected|Too big: expected)/;

function sizeOf(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig, bound: number | bigint): string {
  const unit = issue.origin === 'string' ? 'character' : issue.origin === 'array' ? 'item' : null;
  if (!unit) return String(bound);
  return `${bound} ${unit}${Number(bound) === 1 ? '' : 's'}${unit === 'character' ? ' long' : ''}`;
}

/** A message naming the field for one of zod's own issues. */
function plainly(issue: z.core.$ZodIssue, field: string, input: unknown): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (field === 'body') return 'The request body must be a JSON object';
      const value = valueAt(input, issue.path);
      if (value === undefined) return `${field} is required`;
      // A number no double holds ('1e400' in JSON or a query parses as Infinity; zod says what it
      // received), where a number is asked for.
      const received = (issue as { received?: unknown }).received;
      if (issue.expected === 'number' && (received === 'Infinity' || received === '-Infinity'))
        return `${field} is too ${received === 'Infinity' ? 'large' : 'small'} a number`;
      return `${field} must be ${typeNames[issue.expected] ?? issue.expected}`;
    }
    case 'invalid_value':
      return `${field} must be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
    // An integer past those a double counts exactly (zod's own bound on .int()) is said as Infinity is.
    case 'too_small':
      if (issue.origin === 'int' && issue.minimum === Number.MIN_SAFE_INTEGER) return `${field} is too small a number`;
      return `${field} must be at least ${sizeOf(issue, issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'int' && issue.maximum === Number.MAX_SAFE_INTEGER) return `${field} is too large a number`;
      return `${field} must be at most ${sizeOf(issue, issue.maximum)}`;
    default:
      return `${field} is not valid`;
  }
}

/**
 * Turns zod issues into messages that name their field. Our own messages are kept as they are;
 * zod's generic ones become "email is required", "email must be text", "start must be at least 0".
 */
export function describeIssues(error: z.ZodError, input: unknown): FieldProblem[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || 'body';
    return { field, message: ZOD_WORDING.test(issue.message) ? plainly(issue, field, input) : issue.message };
  });
}

/** Control characters no field of ours takes (tab, line feed and carriage return are text). */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const ALL_CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTERS.source, 'g');

/**
 * `text` without the control characters no field of ours takes: for text from elsewhere (YouTube's
 * captions and details, a provider's titles), which a person never asked us to store as it is.
 * PostgreSQL refuses NUL in text, so one in a caption failed every write of the video's quotes.
 */
export const withoutControlCharacters = (text: string) => text.replace(ALL_CONTROL_CHARACTERS, '');
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The first string of a request (at any depth, in the fields `takes` keeps) holding a control
 * character, such as NUL, which PostgreSQL refuses in text: its field and a message naming it.
 * Null when there is none. Walked
 * with a stack of its own, so a body nested thousands deep cannot exhaust the call stack.
 */
export function findControlCharacters(input: unknown, takes: (field: string) => boolean = () => true): FieldProblem | null {
  interface Node {
    value: unknown;
    key: string | null;
    parent: Node | null;
  }
  // Read up from the string once, in time linear in its depth (unshift at each step was quadratic:
  // 28 s for a string a million arrays deep, a stranger's fuzzing); a path past 8 keys ends in '…'.
  const pathOf = (node: Node) => {
    const keys: string[] = [];
    for (let at: Node | null = node; at && at.key !== null; at = at.parent) keys.push(at.key);
    keys.reverse();
    return (keys.length > 8 ? `${keys.slice(0, 8).join('.')}…` : keys.join('.')) || 'body';
  };
  const stack: Node[] = [{ value: input, key: null, parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      const problem = CONTROL_CHARACTERS.test(value)
        ? 'must not contain control characters'
        : // Half of a UTF-16 pair: no text, and stored it would silently become U+FFFD.
          LONE_SURROGATE.test(value)
          ? 'is not valid Unicode text'
          : null;
      if (!problem) continue;
      const field = pathOf(node);
      return { field, message: `${field} ${problem}` };
    }
    if (value === null || typeof value !== 'object') continue;
    // Pushed in reverse, so fields are visited in their order.
    // (Of the request's own fields, only those `takes` keeps: the others are dropped, not read.)
    const entries = Object.entries(value).filter(([key]) => node.parent !== null || takes(key));
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: node });
  }
  return null;
}
