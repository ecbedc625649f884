/** What a person whose browser blocks this site's cookies reads: a session cannot be kept without them. */
export const COOKIES_BLOCKED =
  'Your browser blocks cookies for this site, and signing in needs them. Allow cookies for Find Clips, then try again.';

/**
 * Whether the browser keeps this site's cookies (blocked, the session cookie would be dropped too).
 * Chromium says `cookieEnabled` with the site's cookies blocked: a cookie is written and read back.
 */
export function cookiesKept(): boolean {
  if (!navigator.cookieEnabled) return false;
  try {
    document.cookie = 'cookieCheck=1; path=/; SameSite=Lax';
    const kept = document.cookie.split(';').some((part) => part.trim() === 'cookieCheck=1');
    document.cookie = 'cookieCheck=; path=/; max-age=0';
    return kept;
  } catch {
    // (A sandboxed frame throws on any cookie.)
    return false;
  }
}
