import { buttonClass } from '../../components/ui';
import { readSession, removeSession, storageKeys, writeSession } from '../../lib/storage';
import { useToast } from '../../lib/toast';
import { COOKIES_BLOCKED, cookiesKept } from './cookies';

type SignInTab = 'login' | 'register';

/** Where a Google sign-in started: the tab and the email typed there (never a password). */
interface GoogleStart {
  tab: SignInTab;
  email: string;
}

/**
 * Where this tab's last Google sign-in started, for a refused one coming back to /auth (a new page,
 * which would otherwise open on Login with the email gone).
 */
export function readGoogleStart(): GoogleStart | null {
  const stored = readSession<Partial<GoogleStart> | null>(storageKeys.googleStart, null);
  if (!stored || (stored.tab !== 'login' && stored.tab !== 'register')) return null;
  return { tab: stored.tab, email: typeof stored.email === 'string' ? stored.email : '' };
}

export const forgetGoogleStart = () => removeSession(storageKeys.googleStart);

/**
 * A full-page navigation to /auth/google, never an API call; it notes the tab and email it leaves.
 * With the site's cookies blocked it stays: the sign-in's state could not come back with Google's
 * answer, which would say only that it failed.
 */
export function GoogleButton({ label, tab, email }: { label: string } & GoogleStart) {
  const toast = useToast();
  return (
    <a
      href="/auth/google"
      onClick={(event) => {
        if (!cookiesKept()) {
          event.preventDefault();
          return toast({ title: 'Google login failed', description: COOKIES_BLOCKED, variant: 'destructive' });
        }
        writeSession(storageKeys.googleStart, { tab, email });
      }}
      className={buttonClass('outline', 'w-full')}
    >
      <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden>
        <path
          fill="#4285F4"
          d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
        />
        <path
          fill="#34A853"
          d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
        />
        <path fill="#FBBC05" d="M5.84 14.09a6.6 6.6 0 0 1 0-4.18V7.07H2.18a11 11 0 0 0 0 9.86l3.66-2.84z" />
        <path
          fill="#EA4335"
          d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.07l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
        />
      </svg>
      {label}
    </a>
  );
}

export function Divider({ label }: { label: string }) {
  return (
    <div className="my-5 flex items-center gap-3 text-xs font-medium uppercase text-slate-500">
      <span className="h-px flex-1 bg-slate-200" />
      {label}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
