import { clsx } from 'clsx';
import { LogOut, Settings } from 'lucide-react';
import { Link, NavLink } from 'react-router-dom';
import { useAuth, useLogout } from '../lib/auth';
import { Logo } from './logo';
import { buttonClass } from './ui';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded-md px-3 py-2 text-sm font-medium',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:text-slate-900',
  );

/** SPEC §2: logo, 'Find Clips' for everyone, 'Video History', settings and logout for members. */
export function NavBar() {
  const auth = useAuth();
  const logout = useLogout();
  const signedIn = auth.status === 'user';
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-3">
        <Logo />
        <div className="flex items-center gap-1 sm:ml-6">
          <NavLink to="/" end className={tabClass}>
            Find Clips
          </NavLink>
          {signedIn && (
            <NavLink to="/history" className={tabClass}>
              Video History
            </NavLink>
          )}
        </div>
        <div className="ml-auto flex items-center gap-1">
          {signedIn ? (
            <>
              <Link to="/settings" aria-label="Settings" className={buttonClass('ghost', 'px-2')}>
                <Settings className="h-5 w-5" aria-hidden />
              </Link>
              <button
                type="button"
                onClick={() => logout.mutate()}
                disabled={logout.isPending}
                className={buttonClass('ghost', 'px-2')}
                aria-label="Log out"
              >
                <LogOut className="h-5 w-5" aria-hidden />
                <span className="hidden sm:inline">Logout</span>
              </button>
            </>
          ) : (
            auth.status !== 'loading' && (
              <Link to="/auth" className={buttonClass('primary')}>
                Sign up
              </Link>
            )
          )}
        </div>
      </nav>
    </header>
  );
}
