import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ErrorBoundary } from './components/error-boundary';
import { Footer } from './components/footer';
import { GuestAllowed, RedirectSignedIn, RequireUser } from './components/guards';
import { NavBar } from './components/nav-bar';
import { useSessionSync } from './lib/auth';
import { codeFailedAdvice } from './lib/code-failed';
import { Button, Spinner } from './components/ui';

// Each screen is its own chunk: the shared page loads none of the dashboard's code.
/** Each page's code, loaded when its route first shows (or at once for the page opened: `preloadPage`). */
const pages = {
  '/auth': () => import('./pages/auth-page'),
  '/': () => import('./dashboard/dashboard-page'),
  '/history': () => import('./pages/history-page'),
  '/settings': () => import('./settings/settings-page'),
  '/shared/': () => import('./pages/shared-page'),
} as const;
type PageName = keyof typeof pages;
type PageModule = { default: ComponentType };
/** Each page's code once it has come. */
const loadedPages = new Map<PageName, PageModule>();
const loadPage = (page: PageName): Promise<PageModule> =>
  pages[page]().then((module) => {
    loadedPages.set(page, module);
    return module;
  });

/**
 * A page's screen, shown at once when its code has come (`preloadPage`, while who is here was
 * asked). Handed a promise, React suspends even on one already settled: the guard's spinner gave way
 * to Suspense's, and React 19 holds a screen back until 300 ms after a spinner shows, a quarter of
 * the time a link opened in a new tab took to its first topic (bench/web.bench.ts). A thenable that
 * answers at once is read in the same render. (Suspense stays: moving to a page whose code is still
 * coming keeps the page before on screen meanwhile.)
 */
function pageScreen(page: PageName) {
  return lazy(() => {
    const module = loadedPages.get(page);
    if (!module) return loadPage(page);
    // (React only calls `then`, with what to do with the module.)
    return { then: (take: (loaded: PageModule) => unknown) => take(module) } as unknown as Promise<PageModule>;
  });
}
const AuthPage = pageScreen('/auth');
const DashboardPage = pageScreen('/');
const HistoryPage = pageScreen('/history');
const SettingsPage = pageScreen('/settings');
const SharedPage = pageScreen('/shared/');

/**
 * '/history/' as '/history', '/' as it is. A loop, not `/(.)\/+$/`, which was tried from each slash
 * of a path of thousands (a link's own, a quarter of a second a render: a stranger's sweep).
 */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end--;
  return path.slice(0, end);
}

/**
 * Asks for the code of the page at `path` now, beside who is signed in: its guard renders the page
 * (and so asks for its code) only once that is known, a round trip later. The browser loads each
 * module once, so the page's own import finds it loading or loaded; a failure is its to show.
 * Settles once the code has come, or failed to.
 */
export function preloadPage(path: string): Promise<void> {
  const page = path.startsWith('/shared/') ? '/shared/' : withoutTrailingSlashes(path);
  return page in pages ? loadPage(page as PageName).then(noop, noop) : Promise.resolve();
}
const noop = () => undefined;
// Pages few ever see load only when they show.
const NotFoundPage = lazy(() => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const PrivacyPage = lazy(() => import('./pages/legal-pages').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import('./pages/legal-pages').then((m) => ({ default: m.TermsPage })));

/** Each screen's name in the browser tab and history (the shared page's title is the share's). */
const TITLES: Record<string, string> = {
  '/': 'Find Clips',
  '/auth': 'Sign in · Find Clips',
  '/history': 'Video History · Find Clips',
  '/settings': 'Settings · Find Clips',
  '/privacy': 'Privacy · Find Clips',
  '/terms': 'Terms · Find Clips',
};

/** What a screen whose code could not be loaded shows, rather than a blank page. */
export function ScreenFailed() {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <h1 className="text-xl font-semibold">This page could not be loaded</h1>
      <p className="text-slate-600">{codeFailedAdvice()}</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </div>
  );
}

/** The routes and guards; the navigation bar is hidden on /auth. */
export function App() {
  const { pathname } = useLocation();
  // '/history/' is '/history'.
  const path = withoutTrailingSlashes(pathname);
  useSessionSync();
  // Before the page's own effects (a layout effect runs first): the dashboard then names the tab by
  // its video, and the shared page by its share once it arrives.
  useLayoutEffect(() => {
    document.title = /^\/shared\/[^/]+$/.test(path) ? 'Find Clips' : (TITLES[path] ?? '404 Page Not Found · Find Clips');
  }, [path]);
  // Another screen, and the focus fell to the page with the control that led there (a history
  // card, Back): it starts from the main region instead. Not on the first screen, where the page's
  // start (Skip to content) is where the keyboard belongs; not where a page put it somewhere.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (document.activeElement === document.body || document.activeElement === null)
      document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      {/* The first stop of the keyboard: past the navigation, straight to the page. */}
      <a
        href="#main"
        // Focus moves without a history entry (a fragment would add one).
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only rounded-md bg-surface px-3 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:inline-flex focus:min-h-9 focus:items-center"
      >
        Skip to content
      </a>
      {path !== '/auth' && <NavBar />}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <ErrorBoundary fallback={<ScreenFailed />} resetKey={pathname}>
          <Suspense fallback={<Spinner />}>
            {/* Lower case, as the server's routes: it answers '/AUTH' or '/History' 404, and so does the
                page (it showed them, under a tab titled '404 Page Not Found', the bar shown on sign-in).
                The shared page takes any case, as the server's does. */}
            <Routes>
              <Route
                caseSensitive
                path="/auth"
                element={
                  <RedirectSignedIn>
                    <AuthPage />
                  </RedirectSignedIn>
                }
              />
              <Route
                caseSensitive
                path="/"
                element={
                  <GuestAllowed>
                    <DashboardPage />
                  </GuestAllowed>
                }
              />
              <Route path="/shared/:shareId" element={<SharedPage />} />
              <Route
                caseSensitive
                path="/history"
                element={
                  <RequireUser>
                    <HistoryPage />
                  </RequireUser>
                }
              />
              <Route
                caseSensitive
                path="/settings"
                element={
                  <RequireUser>
                    <SettingsPage />
                  </RequireUser>
                }
              />
              <Route caseSensitive path="/privacy" element={<PrivacyPage />} />
              <Route caseSensitive path="/terms" element={<TermsPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
