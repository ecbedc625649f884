import { cn } from '../lib/cn';
import { LogOut, Settings } from 'lucide-react';
import { Link, NavLink } from 'react-router-dom';
import { useAuth, useLogout } from '../lib/auth';
import { SIGN_UP_STATE } from '../lib/sign-up';
import { Logo } from './logo';
import { Badge, buttonClass } from './ui';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap rounded-md px-1.5 py-2 text-sm font-medium sm:px-3',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:text-slate-900',
  );

/** Logo with the 'beta' badge, 'Find Clips' for everyone, 'Video History', settings and logout for members. */
export function NavBar() {
  const auth = useAuth();
  const logout = useLogout();
  const signedIn = auth.status === 'user';
  return (
    <header className="border-b border-slate-200 bg-surface print:hidden">
      {/* One row where it fits; on a narrow screen or with larger text the links take a row of
          their own rather than run under the icons. */}
      {/* On a 375 px phone a member's row has about 10 px to spare (Chromium 156's fonts took the
          15 px the earlier padding left): tighter padding and gaps there, the usual from 640 px. */}
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center gap-1 px-3 py-3 sm:gap-2 sm:px-4">
        <Logo />
        <Badge className="shrink-0 whitespace-nowrap px-2 sm:px-2.5">beta</Badge>
        <div className="flex flex-wrap items-center gap-0.5 sm:ml-6 sm:gap-1">
          <NavLink to="/" end className={tabClass}>
            Find Clips
          </NavLink>
          {signedIn && (
            <NavLink to="/history" className={tabClass}>
              Video History
            </NavLink>
          )}
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1 pl-1">
          {signedIn ? (
            <>
              <NavLink
                to="/settings"
                aria-label="Settings"
                className={({ isActive }) =>
                  buttonClass('ghost', cn('px-1.5 sm:px-2', isActive && 'bg-brand-50 text-brand-700 hover:bg-brand-50'))
                }
              >
                <Settings className="h-5 w-5" aria-hidden />
              </NavLink>
              <button
                type="button"
                onClick={() => logout.mutate()}
                disabled={logout.isPending || logout.isSuccess}
                className={buttonClass('ghost', 'px-1.5 sm:px-2')}
              >
                <LogOut className="h-5 w-5" aria-hidden />
                {/* The name read out is the one shown: 'Log out', hidden on a phone but still read. */}
                <span className="sr-only sm:not-sr-only">Log out</span>
              </button>
            </>
          ) : (
            // Not while it is unknown who is here (loading, or the server cannot say).
            auth.status !== 'loading' &&
            auth.status !== 'unavailable' && (
              <Link to="/auth" state={SIGN_UP_STATE} className={buttonClass('primary')}>
                Sign up
              </Link>
            )
          )}
        </div>
      </nav>
    </header>
  );
}
