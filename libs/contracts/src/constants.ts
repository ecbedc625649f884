/**
 * The wire's plain values: cookie names, limits, event names and default texts. No zod here, so
 * the web app can read them without loading any schema code.
 */

/** Limits of SPEC §9. */
export const VIDEO_MAX_SECONDS = 2 * 60 * 60;
export const GUEST_VIDEO_MAX_SECONDS = 60 * 60;
export const GUEST_CREDITS = 2;
export const GUEST_CREDIT_WINDOW_SECONDS = 24 * 60 * 60;
export const GUEST_COOKIE = 'gid';
/** The session cookie (HttpOnly). */
export const SESSION_COOKIE = 'fc.sid';

export const SETTINGS_PASSWORD_MIN_LENGTH = 6;
/** The delete dialog checks a password only from this length on (SPEC §5). */
export const VERIFY_PASSWORD_MIN_LENGTH = 3;

export const SHARE_TITLE_MAX = 200;
export const SHARE_DESCRIPTION_MAX = 1_000;
/** SPEC §2: the share dialog's default description. */
export const DEFAULT_SHARE_DESCRIPTION = 'Watch the highlights';

export const analysisEventTypes = ['ANALYSIS_STARTED', 'VIDEO_ANALYZED', 'ANALYSIS_ERROR'] as const;
