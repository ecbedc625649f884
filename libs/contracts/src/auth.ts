import { z } from 'zod';
import { requiredText } from './validation';
import type { AnalysisProviderName } from './analysis';

/** Longest email address SMTP allows. */
export const EMAIL_MAX_LENGTH = 254;
/** Bounded so that hashing cannot be turned into a denial of service. */
export const PASSWORD_MAX_LENGTH = 256;
const REGISTER_PASSWORD_MIN_LENGTH = 8;

/**
 * A password as its characters, not as the bytes a keyboard, an input method or a password manager
 * made of them: NFKC, as NIST SP 800-63B asks, so that 'é' typed as one character or as 'e' and its
 * accent, or a full-width letter, is the same password on every device (until stop 64 a password
 * registered one way was refused typed the other). What the gateway hashes, and what its length is
 * counted on.
 */
export const passwordCharacters = (password: string) => password.normalize('NFKC');

/** A password's length in the characters it is hashed as (`passwordCharacters`), the same on every device. */
export const passwordLength = (password: string) => passwordCharacters(password).length;

/**
 * Whether an account may have `password`: at most PASSWORD_MAX_LENGTH characters as hashed now, or
 * as typed (a hash made before passwords were normalized).
 */
export const passwordMayExist = (password: string) =>
  password.length <= PASSWORD_MAX_LENGTH || passwordLength(password) <= PASSWORD_MAX_LENGTH;

export const authMessages = {
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooWeak: 'Password must contain at least one lowercase letter and one uppercase letter or number',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
} as const;

/**
 * Why a Google sign-in came back to /auth, as its ?error= code, and what the page says for it. The
 * page never shows the parameter itself: anyone can link to /auth?error=any text.
 */
export const googleSignInErrors = {
  not_configured: 'Google sign-in is not configured on this server',
  cancelled: 'Google sign-in was cancelled',
  no_email: 'Your Google account did not share an email address',
  unverified_email:
    'An account with this email already exists. Sign in with your password: the email of your Google account is not verified.',
  unverified_new:
    'The email of your Google account is not verified. Verify it with Google, or register with your email and a password.',
  other_google_account: 'An account with this email is linked to another Google account. Sign in with that one.',
  failed: 'Google sign-in failed. Please try again.',
} as const;
export type GoogleSignInError = keyof typeof googleSignInErrors;

/** What /auth?error=CODE says: the message of a code we send, the generic failure for anything else. */
export const googleSignInMessage = (code: string): string =>
  Object.hasOwn(googleSignInErrors, code) ? googleSignInErrors[code as GoogleSignInError] : googleSignInErrors.failed;

/** Emails are compared and stored trimmed and lower-cased, so uniqueness ignores case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const registrationEmail = requiredText(authMessages.invalidEmail)
  .trim()
  .max(EMAIL_MAX_LENGTH, authMessages.invalidEmail)
  .pipe(z.email(authMessages.invalidEmail));

const registrationPassword = requiredText(authMessages.passwordTooShort)
  .refine((p) => passwordLength(p) >= REGISTER_PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
  .refine((p) => passwordLength(p) <= PASSWORD_MAX_LENGTH, authMessages.passwordTooLong)
  .refine((p) => /[a-z]/.test(p) && /[A-Z0-9]/.test(p), authMessages.passwordTooWeak);

/** POST /api/register: a valid email and a strong enough password, checked by the server and the web form alike. */
export const registerRequestSchema = z.object({
  email: registrationEmail,
  password: registrationPassword,
});

/** The registration form: the request plus a confirmation that must match. */
export const registerFormSchema = registerRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.confirmPassword === form.password, {
    message: authMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/**
 * POST /api/login: both fields required, nothing more. An email or password longer than any
 * account can have is simply wrong (401, like any wrong credential), not a malformed request.
 */
export const loginRequestSchema = z.object({
  email: requiredText(authMessages.emailRequired).trim().min(1, authMessages.emailRequired),
  password: requiredText(authMessages.passwordRequired).min(1, authMessages.passwordRequired),
});

/** The providers a member may choose: every one but the built-in analyzer, which is the fallback. */
export const aiProviders = ['openai', 'grok', 'gemini'] as const satisfies readonly AnalysisProviderName[];

/** The signed-in user as the API returns it: never a password, hash or token. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  googleId: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  aiProvider: z.enum(aiProviders),
  createdAt: z.string(),
});

export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type RegisterForm = z.infer<typeof registerFormSchema>;
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type User = z.infer<typeof userSchema>;
export type AiProvider = (typeof aiProviders)[number];
