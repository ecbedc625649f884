import { z } from 'zod';
import { authMessages, registerFormSchema, registerRequestSchema } from './auth';
import { describeIssues, requiredText } from './validation';

const messagesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : describeIssues(result.error, input);
};

describe('registration rules', () => {
  it('accepts a valid email and a password with lowercase and an uppercase letter or a digit', () => {
    expect(registerRequestSchema.parse({ email: ' ada@example.com ', password: 'abcdefgH' })).toEqual({
      email: 'ada@example.com',
      password: 'abcdefgH',
    });
    expect(registerRequestSchema.safeParse({ email: 'ada@example.com', password: 'abcdefg1' }).success).toBe(true);
  });

  it('gives each rule its own message on its own field', () => {
    expect(messagesOf(registerRequestSchema, { email: 'ada', password: 'abcdefg1' })).toEqual([
      { field: 'email', message: authMessages.invalidEmail },
    ]);
    expect(messagesOf(registerRequestSchema, { email: 'ada@example.com', password: 'abc1' })).toEqual([
      { field: 'password', message: authMessages.passwordTooShort },
    ]);
    expect(messagesOf(registerRequestSchema, { email: 'ada@example.com', password: '12345678' })).toEqual([
      { field: 'password', message: authMessages.passwordTooWeak },
    ]);
  });

  it('the form also needs a matching confirmation, reported on confirmPassword', () => {
    expect(
      messagesOf(registerFormSchema, { email: 'ada@example.com', password: 'abcdefg1', confirmPassword: 'abcdefg2' }),
    ).toEqual([{ field: 'confirmPassword', message: 'Passwords do not match' }]);
    expect(
      messagesOf(registerFormSchema, { email: 'ada@example.com', password: 'abcdefg1', confirmPassword: 'abcdefg1' }),
    ).toEqual([]);
  });
});

describe('describeIssues', () => {
  const schema = z.object({ name: z.string(), tags: z.array(z.string()), nested: z.object({ count: z.number() }) });

  it('names missing and mistyped fields, however deep', () => {
    expect(messagesOf(schema, { tags: 'x', nested: { count: '3' } })).toEqual([
      { field: 'name', message: 'name is required' },
      { field: 'tags', message: 'tags must be a list' },
      { field: 'nested.count', message: 'nested.count must be a number' },
    ]);
  });

  it('says what a null must be instead, since an optional field given null is there, not missing', () => {
    const rules = z.object({ title: z.string().optional(), count: z.number() });
    expect(messagesOf(rules, { title: null, count: null })).toEqual([
      { field: 'title', message: 'title must be text' },
      { field: 'count', message: 'count must be a number' },
    ]);
  });

  it("words zod's own messages for a person, naming the field", () => {
    const rules = z.object({
      start: z.number().min(0),
      title: z.string().max(5),
      tags: z.array(z.string()).min(1),
      force: z.literal(true),
      kind: z.enum(['a', 'b']),
      id: z.string().regex(/^x+$/),
    });
    expect(messagesOf(rules, { start: -1, title: 'too long', tags: [], force: false, kind: 'c', id: 'y' })).toEqual([
      { field: 'start', message: 'start must be at least 0' },
      { field: 'title', message: 'title must be at most 5 characters long' },
      { field: 'tags', message: 'tags must be at least 1 item' },
      { field: 'force', message: 'force must be true' },
      { field: 'kind', message: 'kind must be "a" or "b"' },
      { field: 'id', message: 'id is not valid' },
    ]);
  });

  it("keeps a rule's own message, and gives a required field's when it is missing", () => {
    const rules = z.object({ name: requiredText('Name is required').min(1, 'Name is required').max(3, 'Too long a name') });
    expect(messagesOf(rules, {})).toEqual([{ field: 'name', message: 'Name is required' }]);
    expect(messagesOf(rules, { name: null })).toEqual([{ field: 'name', message: 'Name is required' }]);
    expect(messagesOf(rules, { name: 7 })).toEqual([{ field: 'name', message: 'name must be text' }]);
    expect(messagesOf(rules, { name: 'Grace' })).toEqual([{ field: 'name', message: 'Too long a name' }]);
  });

  it('says a number past what a double holds is too large or too small, only where a number is asked for', () => {
    // JSON.parse reads '1e400' as Infinity: a number in a number's field, but not text nor true or false.
    const rules = z.object({ start: z.number(), end: z.number().int(), title: z.string(), flag: z.boolean() });
    expect(messagesOf(rules, JSON.parse('{"start":1e400,"end":-1e400,"title":1e400,"flag":-1e400}'))).toEqual([
      { field: 'start', message: 'start is too large a number' },
      { field: 'end', message: 'end is too small a number' },
      { field: 'title', message: 'title must be text' },
      { field: 'flag', message: 'flag must be true or false' },
    ]);
  });

  it('says when the body itself is not an object', () => {
    expect(messagesOf(schema, [1])).toEqual([{ field: 'body', message: 'The request body must be a JSON object' }]);
  });
});
