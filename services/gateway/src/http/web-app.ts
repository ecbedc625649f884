import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import express, { Router } from 'express';
import escapeHtml from 'escape-html';
import { isVideoId } from '@findclips/contracts';

/** The web app built by `npm run build` in this checkout. */
const CHECKOUT_DIST = resolve(__dirname, '..', '..', '..', '..', 'web', 'dist');
/** The page without a build: it says so, rather than stay blank. */
export const NOT_BUILT =
  'The web app is not built here: run npm run build, or set WEB_DIST_DIR to its build. The API answers under /api.';
const SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Find Clips</title></head><body><div id="root"><p>${NOT_BUILT}</p></div></body></html>`;

/** The SPA's routes; any other path gets the app with status 404, and its 404 page. */
const APP_ROUTES = /^\/(?:auth|history|settings|privacy|terms)?\/?$/;

/**
 * The code of the page each route shows, as the build's manifest names its source: the pages of
 * web/src/app.tsx's `pages`, whose code the app asks for as soon as its own has run (`preloadPage`).
 */
export const PAGE_SOURCES: Record<string, string> = {
  '/': 'src/dashboard/dashboard-page.tsx',
  '/auth': 'src/pages/auth-page.tsx',
  '/history': 'src/pages/history-page.tsx',
  '/settings': 'src/settings/settings-page.tsx',
  '/shared/': 'src/pages/shared-page.tsx',
};

/** A chunk of the build's manifest (dist/.vite/manifest.json), as Vite writes it. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * A chunk as Vite writes it: anything else (another tool's manifest, one edited by hand) names no
 * code, rather than failing every page (a stranger's review).
 */
const isChunk = (value: unknown): value is ManifestChunk =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ManifestChunk).file === 'string' &&
  ((value as ManifestChunk).imports === undefined || Array.isArray((value as ManifestChunk).imports));

/** A fetch the page makes at once, asked for by the browser with the page (credentials, as the app sends them). */
const fetchPreload = (url: string) => `<link rel="preload" href="${escapeHtml(url)}" as="fetch" crossorigin="use-credentials">`;

export class WebApp {
  readonly dir: string;
  private html: string | undefined;
  /**
   * Each page of `PAGE_SOURCES` as its head's two ends: the build's page up to the end of its head
   * with who is here named, then the page's code and the rest. Built once, from one reading of the
   * manifest: every other path shares the last entry, so an address made up costs no disk read and
   * no room.
   */
  private halves: Map<string, [string, string]> | undefined;

  constructor(dir?: string) {
    this.dir = resolve(dir ?? CHECKOUT_DIST);
  }

  get built(): boolean {
    return existsSync(join(this.dir, 'index.html'));
  }

  /**
   * The app's page at `path`, naming in its head what the app asks for first there, so the browser
   * asks for it with the app's own code rather than once that code has run and rendered (a round
   * trip or two later: a stranger's latency audit, bench/web.bench.ts): who is here, then `data`,
   * then the code of the route's page with every module it imports (`<link rel="modulepreload">`).
   * Answers before code: over HTTP/1.1 a browser asks six at a time, in the order named.
   *
   * `data`: the API addresses whose answers the page reads at once, whoever is signed in. The app's
   * own request takes each (credentials included, as it asks; the app asks for them all as it starts
   * and keeps each a while: web/src/lib/api.ts `takeNamedAnswers`). Left to the browser, a preload
   * the page does not take is handed to its first request for that address however late (a member's
   * /history preloaded for a visitor sent to /auth went to the same tab's next member: a stranger's
   * review).
   *
   * A bare shell when there is no build (API-only deployments, tests).
   */
  page(path = '/', data: readonly string[] = []): string {
    this.html ??= this.built ? readFileSync(join(this.dir, 'index.html'), 'utf8') : SHELL;
    if (this.html === SHELL) return SHELL;
    this.halves ??= pageHalves(this.html, readManifest(this.dir));
    const [head, rest] = this.halves.get(pageName(path)) ?? this.halves.get('')!;
    return head + data.map(fetchPreload).join('') + rest;
  }

  /**
   * Static files, before sessions: content-hashed /assets/* are immutable for a year, sent as the
   * build compressed them (brotli or gzip) when the browser accepts it; the rest (favicon) for an
   * hour, compressed here.
   */
  assets(): Router {
    const router = Router();
    if (!this.built) return router;
    router.use(
      '/assets',
      // The build's own .br and .gz of each file, at the strongest settings, by what the browser
      // accepts (brotli first); a file the build did not compress is compressed here.
      compression(),
      expressStaticGzip(join(this.dir, 'assets'), {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: { immutable: true, maxAge: '1y', index: false },
      }),
      // An asset of another build: a plain 404, never the app's page in its place, and never kept
      // (during a rolling deploy a gateway of the old build is asked for the new build's files).
      // (Sent as it is: the encoding of the file asked for, which the lookup set, is taken off.)
      (_req, res) => {
        res.removeHeader('Content-Encoding');
        res.status(404).set('Cache-Control', 'no-store').type('text').send('Not found');
      },
    );
    // Only the build's own top-level files (favicon, index.html): any other path (every API call)
    // goes straight on, not through a file lookup that fails and builds a 404 error each time.
    const files = new Set(
      readdirSync(this.dir, { withFileTypes: true }).flatMap((entry) => (entry.isFile() ? [`/${entry.name}`] : [])),
    );
    router.use(
      (req, _res, next) => next(files.has(req.path) ? undefined : 'router'),
      compression(),
      express.static(this.dir, {
        index: false,
        maxAge: '1h',
        redirect: false,
        // index.html names the current build's assets: revalidated each time, so a deploy is seen at once.
        setHeaders: (res, path) => path.endsWith('.html') && res.setHeader('Cache-Control', 'no-cache'),
      }),
    );
    return router;
  }

  /** Every other GET that wants a page gets the SPA, never cached, so a deploy is seen at once. */
  fallback(): Router {
    const router = Router();
    // Never for the API's paths ('/api' itself too, in any case, as Express routes) or the live channel's: JSON answers them.
    router.get(/^(?!\/api(?:\/|$)|\/socket\.io\/).*/i, compression(), (req, res, next) => {
      // The page, or for a caller that takes no HTML a JSON 404: by what it accepts, which a cache
      // in front must key on (one JSON request made a CDN's home page a JSON 404).
      res.vary('Accept');
      if (!req.accepts('html')) {
        res.set('Cache-Control', 'no-store');
        return next();
      }
      res
        .status(APP_ROUTES.test(req.path) ? 200 : 404)
        .set('Cache-Control', 'no-cache')
        .type('html')
        .send(this.page(req.path, videoPreloads(req.path, req.originalUrl)));
    });
    return router;
  }
}

/** The build's manifest (dist/.vite/manifest.json); empty without one (a build of before stop 83). */
function readManifest(dir: string): Record<string, unknown> {
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8'));
    return typeof manifest === 'object' && manifest !== null ? (manifest as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The files of a page's code and of every chunk it imports but the app's own (loaded already), as
 * the manifest lists them.
 */
function pageModules(manifest: Record<string, unknown>, source: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !isChunk(chunk) || chunk.isEntry) return;
    seen.add(key);
    files.push(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(source);
  return files;
}

/** `WebApp.halves`: each page's two ends around its data, and under '' a page with no code of its own. */
function pageHalves(html: string, manifest: Record<string, unknown>): Map<string, [string, string]> {
  // (A page without a head, which no build writes, gets them at its end.)
  const found = html.search(/<\/head>/i);
  const end = found < 0 ? html.length : found;
  // Who is here: every page asks (its navigation bar, or the sign-in page's guard).
  const head = html.slice(0, end) + fetchPreload('/api/user');
  const halves = new Map<string, [string, string]>([['', [head, html.slice(end)]]]);
  for (const [name, source] of Object.entries(PAGE_SOURCES)) {
    const modules = pageModules(manifest, source).map(
      (file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`,
    );
    halves.set(name, [head, modules.join('') + html.slice(end)]);
  }
  return halves;
}

/** The page of `pages` a path shows, as web/src/app.tsx's `preloadPage` reads it. */
function pageName(path: string): string {
  if (path.startsWith('/shared/')) return '/shared/';
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end--;
  return path.slice(0, end);
}

/**
 * A video's link (`/?video=ID`): its analysis and its title, which the dashboard asks for as soon
 * as it knows who is here, whoever that is (a guest not yet allowed the video is told so from the
 * answer). None for an id the app does not open.
 */
function videoPreloads(path: string, url: string): string[] {
  if (path !== '/') return [];
  // As the page's URLSearchParams reads `location.search`: all after the first '?'.
  const query = url.indexOf('?');
  const id = new URLSearchParams(query < 0 ? '' : url.slice(query + 1)).get('video');
  if (id === null || !isVideoId(id)) return [];
  return [`/api/cached-videos/${id}`, `/api/videos/metadata/${id}`];
}
