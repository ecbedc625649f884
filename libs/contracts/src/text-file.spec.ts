import { decodeTextFile, textFileMessages } from './text-file';

const utf8 = (text: string) => new TextEncoder().encode(text);
/** UTF-16 with its byte order mark, from code units (so that a lone surrogate can be written). */
function utf16(units: number[], order: 'le' | 'be'): Uint8Array {
  const bytes = new Uint8Array((units.length + 1) * 2);
  [0xfeff, ...units].forEach((unit, i) => {
    const [high, low] = [unit >> 8, unit & 0xff];
    bytes.set(order === 'le' ? [low, high] : [high, low], i * 2);
  });
  return bytes;
}
const units = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe('decodeTextFile', () => {
  it('reads UTF-8 (its byte order mark dropped) and UTF-16 of either byte order', () => {
    expect(decodeTextFile(utf8('\ufeff1\nCafé crème\n'))).toEqual({ text: '1\nCafé crème\n' });
    expect(decodeTextFile(utf16(units('1\nCafé\n'), 'le'))).toEqual({ text: '1\nCafé\n' });
    expect(decodeTextFile(utf16(units('1\nCafé\n'), 'be'))).toEqual({ text: '1\nCafé\n' });
  });

  it('names the first line that is not text, whatever comes after it', () => {
    const latin1 = new Uint8Array([...utf8('1\n00:00:01,000 --> 00:00:02,000\nCaf'), 0xe9, ...utf8('\nend\n'), 0xe9]);
    expect(decodeTextFile(latin1)).toEqual({ problem: 'encoding', line: 3 });
    // A character cut short at the very end.
    expect(decodeTextFile(new Uint8Array([...utf8('a\nb\nc'), 0xc3]))).toEqual({ problem: 'encoding', line: 3 });
    expect(decodeTextFile(utf8('a\nb\u0000\nc\u0000'))).toEqual({ problem: 'nul', line: 2 });
    // Half a surrogate pair on the second line, in either byte order; an odd byte at the end.
    for (const order of ['le', 'be'] as const) {
      expect(decodeTextFile(utf16([...units('a\n'), 0xd83d, ...units('b\n')], order))).toEqual({ problem: 'utf16', line: 2 });
    }
    expect(decodeTextFile(new Uint8Array([...utf16(units('a\nb\nc'), 'le'), 0x41]))).toEqual({ problem: 'utf16', line: 3 });
  });

  it('says which file and which line', () => {
    expect(textFileMessages.nul('talk.srt', 4)).toBe('talk.srt: Line 4 holds a NUL byte: it is not a text file');
    expect(textFileMessages.encoding('talk.srt', 3)).toBe(
      'talk.srt: Line 3 is not UTF-8 text (another encoding, or not text at all): save it as UTF-8',
    );
  });

  it('counts an empty first line', () => {
    expect(decodeTextFile(new Uint8Array([0x0a, 0xe9]))).toEqual({ problem: 'encoding', line: 2 });
  });
});
