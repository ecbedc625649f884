import iconv from 'iconv-lite';

/** body-parser's error `type` for a body refused by `fewValues`; errors.ts answers it with a 400. */
export const TOO_MANY_VALUES = 'entity.values.too.many';

/**
 * A check for body-parser's `verify` (run on the raw body, before it is parsed): the body holds at
 * most `most` objects, arrays and values beyond the first, counted by the `{`, `[` and `,` outside
 * its strings. A large body whose size is one long string (uploaded captions) is then parsed at the
 * cost of that string, never as millions of nested arrays or tiny strings, which take seconds to
 * parse and to walk (a member could hold the gateway with a few of them).
 */
export function fewValues(most: number) {
  return (_req: unknown, _res: unknown, body: Buffer, encoding: string) => {
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
