import { registerRequestSchema } from './auth';
import { nameFromElsewhere, updateEmailSchema, updatePasswordSchema, updateProfileSchema } from './profile';

describe('a name from elsewhere', () => {
  it('piles no more accents on a letter than typed text keeps, control characters between them or not', () => {
    const piled = `Ada${'\u0301\u0302\u0303\u0304\u0000'.repeat(10)}`;
    const name = nameFromElsewhere(piled);
    expect(name).toBe('Ada\u0301\u0302\u0303\u0304');
    // Saved unchanged from Settings, it stays the same name.
    expect(updateProfileSchema.parse({ firstName: name, lastName: 'Lovelace' }).firstName).toBe(name);
  });
});

describe('the current password in Settings', () => {
  it('takes any password registration took', () => {
    // 'a1' and two ellipses ('...' as macOS types it): 4 characters typed, 8 as hashed (NFKC).
    const password = 'a1\u2026\u2026';
    expect(registerRequestSchema.safeParse({ email: 'ada@example.com', password }).success).toBe(true);
    expect(updateEmailSchema.safeParse({ email: 'ada@example.org', currentPassword: password }).success).toBe(true);
    expect(updatePasswordSchema.safeParse({ currentPassword: password, newPassword: 'abcdef' }).success).toBe(true);
  });
});
