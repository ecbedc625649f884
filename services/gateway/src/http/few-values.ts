import iconv from 'iconv-lite';
import { isUtf8 } from 'node:buffer';

/** body-parser's error `type` for a body refused by `fewValues`; errors.ts answers it with a 400. */
export const TOO_MANY_VALUES = 'entity.values.too.many';

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
export function wellFormedText(_req: unknown, _res: unknown, body: Buffer, encoding: string): void {
  if (isUtf8Charset(encoding) && !isUtf8(body)) throw malformed();
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
    // Decoded as body-parser decodes it (UTF-16 in either order, with a byte-order mark, UTF-32...).
    const text = iconv.decode(body, encoding);
    let count = 0;
    let inString = false;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        // A backslash escapes the next character, a quotation mark among them.
        if (c === 0x5c) i++;
        else if (c === 0x22) inString = false;
      } else if (c === 0x22) inString = true;
      else if ((c === 0x7b || c === 0x5b || c === 0x2c) && ++count > most) {
        throw Object.assign(new Error('The request body holds more values than this request takes'), {
          status: 400,
          type: TOO_MANY_VALUES,
        });
      }
    }
  };
}
