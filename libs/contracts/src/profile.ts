import { z } from 'zod';
import { authMessages, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, passwordLength, passwordMayExist } from './auth';
import { SETTINGS_PASSWORD_MIN_LENGTH } from './constants';
import { requiredText, shownText, showsNothing, withoutControlCharacters, withoutOverrides } from './validation';

const NAME_MAX_LENGTH = 100;

export const profileMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: `Names must be at most ${NAME_MAX_LENGTH} characters long`,
  invalidEmail: 'Invalid email address',
  currentPasswordRequired: 'Current password is required',
  newPasswordTooShort: 'Password must be at least 6 characters',
  newPasswordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  currentPasswordIncorrect: 'Current password is incorrect',
  changedMeanwhile: 'Your email or password was just changed from another session. Please sign in again.',
  managedByGoogle: 'This account is managed by Google: change your email and password in your Google account settings.',
} as const;

/** A name people read: required (`required` when missing, empty or showing nothing), at most 100 characters. */
const nameField = (required: string) =>
  shownText(requiredText(required).trim().min(1, required).max(NAME_MAX_LENGTH, profileMessages.nameTooLong), required);

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A name from elsewhere (a Google profile) as Settings takes a typed one: no direction override or
 * control character, one line, null when it shows nothing, and within NAME_MAX_LENGTH, cut on what
 * a reader sees as one character, so that the member can save it unchanged.
 */
export function nameFromElsewhere(text: string | null | undefined): string | null {
  // Control characters out first: left between accents, they hid a pile from `withoutOverrides`.
  const read = withoutOverrides(withoutControlCharacters(text ?? ''))
    .replace(/\s+/g, ' ')
    .trim();
  if (showsNothing(read)) return null;
  let kept = '';
  for (const { segment } of graphemes.segment(read)) {
    if (kept.length + segment.length > NAME_MAX_LENGTH) break;
    kept += segment;
  }
  return kept.trimEnd() || null;
}

/**
 * The password an account has, as Settings asks for it: at least as long as a new one must be,
 * counted as typed (a hash made before passwords were normalized) or as hashed (NFKC: 'a1……' is
 * 'a1......', which registration takes), and no longer than any account can have.
 */
const currentPassword = requiredText(profileMessages.currentPasswordRequired)
  .refine((p) => Math.max(p.length, passwordLength(p)) >= SETTINGS_PASSWORD_MIN_LENGTH, profileMessages.currentPasswordRequired)
  .refine(passwordMayExist, profileMessages.currentPasswordIncorrect);

/** PATCH /api/profile. */
export const updateProfileSchema = z.object({
  firstName: nameField(profileMessages.firstNameRequired),
  lastName: nameField(profileMessages.lastNameRequired),
});

/** PATCH /api/profile/email: the new address, and the current password that proves it is the owner asking. */
export const updateEmailSchema = z.object({
  email: requiredText(profileMessages.invalidEmail)
    .trim()
    .max(EMAIL_MAX_LENGTH, profileMessages.invalidEmail)
    .pipe(z.email(profileMessages.invalidEmail)),
  currentPassword,
});

/** PATCH /api/profile/password: the settings minimum (6) differs from registration's (8). */
export const updatePasswordSchema = z.object({
  currentPassword,
  newPassword: requiredText(profileMessages.newPasswordTooShort)
    .refine((p) => passwordLength(p) >= SETTINGS_PASSWORD_MIN_LENGTH, profileMessages.newPasswordTooShort)
    .refine((p) => passwordLength(p) <= PASSWORD_MAX_LENGTH, profileMessages.newPasswordTooLong),
});

/** POST /api/verify-password. */
export const verifyPasswordRequestSchema = z.object({
  // Missing or null is said as sign-in says it ('password is required' before stop 58); an empty
  // one is simply not the password.
  password: requiredText(authMessages.passwordRequired).refine(
    passwordMayExist,
    `password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  ),
});

export const verifyPasswordResponseSchema = z.object({ isValid: z.boolean() });

export type UpdateProfileRequest = z.infer<typeof updateProfileSchema>;
export type UpdateEmailRequest = z.infer<typeof updateEmailSchema>;
export type UpdatePasswordRequest = z.infer<typeof updatePasswordSchema>;
export type VerifyPasswordResponse = z.infer<typeof verifyPasswordResponseSchema>;
