import iconv from 'iconv-lite';
import { isUtf8 } from 'node:buffer';

/** body-parser's error `type` for a body refused by `fewValues`; errors.ts answers it with a 400. */
export const TOO_MANY_VALUES = 'entity.values.too.many';

/** body-parser's error `type` for a body nested deeper than `shallowText` allows (errors.ts answers it with a 400). */
export const TOO_DEEP = 'entity.too.deep';

/** body-parser's error `type` for a body sent as UTF-8 that is not (errors.ts answers it with a 400). */
export const MALFORMED_TEXT = 'entity.text.malformed';

const isUtf8Charset = (encoding: string) => /^utf-?8$/i.test(encoding);
const malformed = () =>
  Object.assign(new Error('The request body is not valid UTF-8 text'), { status: 400, type: MALFORMED_TEXT });

/**
 * A check for body-parser's `verify`: a body sent as UTF-8 is valid UTF-8 (checked on the bytes,
 * without decoding them: body-parser decodes them next). Decoded leniently, bytes that are not
 * would be stored as '�' (a name, a title, a password).
 */
function wellFormedText(_req: unknown, _res: unknown, body: Buffer, encoding: string): void {
  if (isUtf8Charset(encoding) && !isUtf8(body)) throw malformed();
}

/**
 * Walks a JSON body's characters outside its strings (a backslash escaping the next inside one), as
 * the JSON parser will read them. UTF-8, nearly every body, is walked as its bytes: the characters
 * looked for are ASCII, and no byte of a longer character is one, so the body is not decoded twice
 * (here, then by the parser). Any other charset (UTF-16 either way, UTF-32…) is decoded first.
 */
function outsideStrings(body: Buffer, encoding: string, each: (c: number) => void): void {
  const text = isUtf8Charset(encoding) ? body : iconv.decode(body, encoding);
  const at = typeof text === 'string' ? (i: number) => text.charCodeAt(i) : (i: number) => text[i]!;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = at(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else each(c);
  }
}

/**
 * A check for body-parser's `verify`: well-formed text (`wellFormedText`) nested at most `most`
 * objects and arrays deep, counted on the raw text before it is parsed. No request of ours goes
 * past 5 (a share's topics' quotes); a body of a million nested arrays parses, and any walk of it
 * (naming the field a control character sits in took 28 s at 1 MB: a stranger's fuzzing) is slow.
 */
export function shallowText(most: number) {
  return (req: unknown, res: unknown, body: Buffer, encoding: string) => {
    wellFormedText(req, res, body, encoding);
    let depth = 0;
    outsideStrings(body, encoding, (c) => {
      if (c === 0x7b || c === 0x5b) {
        if (++depth > most) {
          throw Object.assign(new Error('The request body is nested deeper than any request takes'), {
            status: 400,
            type: TOO_DEEP,
          });
        }
      } else if (c === 0x7d || c === 0x5d) depth--;
    });
  };
}

/**
 * A check for body-parser's `verify` (run on the raw body, before it is parsed): the body holds at
 * most `most` objects, arrays and values beyond the first, counted by the `{`, `[` and `,` outside
 * its strings. A large body whose size is one long string (uploaded captions) is then parsed at the
 * cost of that string, never as millions of nested arrays or tiny strings, which take seconds to
 * parse and to walk (a member could hold the gateway with a few of them).
 */
export function fewValues(most: number) {
  return (_req: unknown, _res: unknown, body: Buffer, encoding: string) => {
    wellFormedText(_req, _res, body, encoding);
    // Read as body-parser reads it (UTF-16 in either order, with a byte-order mark, UTF-32...).
    let count = 0;
    outsideStrings(body, encoding, (c) => {
      if ((c === 0x7b || c === 0x5b || c === 0x2c) && ++count > most) {
        throw Object.assign(new Error('The request body holds more values than this request takes'), {
          status: 400,
          type: TOO_MANY_VALUES,
        });
      }
    });
  };
}
