import { z } from 'zod';
import { describeIssues, findControlCharacters } from './validation';
import { analysisEditSchema, captionsLanguage } from './videos';
import { createShareRequestSchema } from './shares';
import { updateProfileSchema } from './profile';

/** A share's one topic, with its one quote: what every share holds at least. */
const topics = [
  {
    id: 't1',
    title: 'Bus lanes',
    startTime: 0,
    endTime: 60,
    quotes: [{ id: 'q1', content: 'A lane.', startTime: 5, endTime: 15 }],
  },
];

describe('text other people read', () => {
  it('keeps no direction override, which would show the letters after it reversed', () => {
    const renamed = analysisEditSchema.parse({ action: 'rename', topicId: 't1', title: 'Bus \u202Esenal\u202C lanes' });
    expect(renamed).toMatchObject({ title: 'Bus senal\u202C lanes' });
    const share = createShareRequestSchema.parse({
      youtubeId: 'dQw4w9WgXcQ',
      topics,
      title: '\u202Dpicks',
      description: 'x',
    });
    expect(share.title).toBe('picks');
  });

  it('piles at most 4 accents on a letter, also when characters drawn as nothing sit between them', () => {
    const marks = '\u0301\u0302\u0303\u0304';
    // A zero-width space, word joiner or non-joiner between each 4: Chromium still draws one column.
    for (const between of ['', '\u200B', '\u2060', '\u200C']) {
      const share = createShareRequestSchema.parse({
        youtubeId: 'dQw4w9WgXcQ',
        topics,
        title: `Bus${(marks + between).repeat(25)} lanes`,
        description: 'x',
      });
      expect(share.title?.match(/\p{Mn}/gu)).toHaveLength(4);
    }
  });

  it('keeps the marks, embeddings and isolates right-to-left text needs', () => {
    const title = '\u2067שלום\u2069 and \u202Bمرحبا\u202C\u200F';
    expect(analysisEditSchema.parse({ action: 'rename', topicId: 't1', title })).toMatchObject({ title });
  });

  it('refuses a text of overrides alone as showing nothing', () => {
    const result = analysisEditSchema.safeParse({ action: 'rename', topicId: 't1', title: '\u202E\u202E' });
    expect(result.success).toBe(false);
    expect(updateProfileSchema.safeParse({ firstName: '\u202E', lastName: 'Lee' }).success).toBe(false);
  });

  it.each([
    ['the Hangul filler', '\u3164'],
    ['the halfwidth Hangul filler', '\uFFA0\uFFA0'],
    ['the Hangul choseong and jungseong fillers', '\u115F\u1160'],
    ['the blank braille pattern', '\u2800'],
    ['a combining accent with no letter', '\u0301'],
    ['a variation selector and a space', '\uFE0F '],
  ])('refuses a name or title of %s alone, which shows nothing', (_what, text) => {
    expect(updateProfileSchema.safeParse({ firstName: text, lastName: 'Lee' }).success).toBe(false);
    expect(analysisEditSchema.safeParse({ action: 'rename', topicId: 't1', title: text }).success).toBe(false);
    const share = createShareRequestSchema.parse({ youtubeId: 'dQw4w9WgXcQ', topics, title: text, description: text });
    // A share's title or description that shows nothing is read as none.
    expect(share).toMatchObject({ title: '', description: '' });
  });

  it('keeps names whose letters carry combining marks or fillers beside letters', () => {
    for (const firstName of ['Jose\u0301', '\u0915\u094D\u0937', '\u3164Min', 'Zoe\u0308']) {
      expect(updateProfileSchema.parse({ firstName, lastName: 'Lee' })).toMatchObject({ firstName });
    }
  });
});

describe('control characters in a request', () => {
  it('names the field they sit in, its path cut after 8 keys however deep it is', () => {
    expect(findControlCharacters({ name: 'a\u0000b' })).toEqual({
      field: 'name',
      message: 'name must not contain control characters',
    });
    expect(findControlCharacters({ topics: [{ quotes: [{ content: 'x\u0007' }] }] })?.field).toBe('topics.0.quotes.0.content');
    let deep: unknown = '\u0001';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const found = findControlCharacters({ title: deep });
    expect(found).toEqual({ field: 'title.0.0.0.0.0.0.0…', message: 'title.0.0.0.0.0.0.0… must not contain control characters' });
    expect(findControlCharacters({ title: deep }, (field) => field !== 'title')).toBeNull();
  });
});

describe('captionsLanguage', () => {
  it("gives YouTube's language codes as the tags a page declares, and none where there is no language to declare", () => {
    expect(['en', 'en-us', 'iw', 'in', 'zh-Hans', 'pt-BR', 'es-419', 'fil'].map(captionsLanguage)).toEqual([
      'en',
      'en-US',
      'he',
      'id',
      'zh-Hans',
      'pt-BR',
      'es-419',
      'fil',
    ]);
    expect(['und', '', null, undefined, 'a.en', 'en_US!', '<script>', `en-${'x'.repeat(40)}`].map(captionsLanguage)).toEqual(
      Array(8).fill(null),
    );
  });
});

describe("zod's issues in words", () => {
  it('names a missing field as required, and sizes in characters, one or more', () => {
    const schema = z.object({ email: z.string(), code: z.string().min(1), name: z.string().max(2) });
    const input = { code: '', name: 'abc' };
    expect(describeIssues(schema.safeParse(input).error!, input)).toEqual([
      { field: 'email', message: 'email is required' },
      { field: 'code', message: 'code must be at least 1 character long' },
      { field: 'name', message: 'name must be at most 2 characters long' },
    ]);
  });
});

describe('control characters and broken text in a request', () => {
  it('names a path of 8 keys whole, finds shift-out and half a surrogate pair, and reads inside a field it takes', () => {
    expect(findControlCharacters({ a: { b: { c: { d: { e: { f: { g: { h: '\u0000' } } } } } } } })?.field).toBe(
      'a.b.c.d.e.f.g.h',
    );
    expect(findControlCharacters({ name: 'a\u000Eb' })?.field).toBe('name');
    expect(findControlCharacters({ name: 'x\ud800' })).toEqual({ field: 'name', message: 'name is not valid Unicode text' });
    expect(findControlCharacters({ topics: [{ title: 'a\u0001' }] }, (field) => field === 'topics')?.field).toBe(
      'topics.0.title',
    );
  });
});
