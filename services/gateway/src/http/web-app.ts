import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import express, { Router } from 'express';

/** The web app built by `npm run build` in this checkout. */
const CHECKOUT_DIST = resolve(__dirname, '..', '..', '..', '..', 'web', 'dist');
/** The page without a build: it says so, rather than stay blank. */
export const NOT_BUILT =
  'The web app is not built here: run npm run build, or set WEB_DIST_DIR to its build. The API answers under /api.';
const SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Find Clips</title></head><body><div id="root"><p>${NOT_BUILT}</p></div></body></html>`;

/** The SPA's routes; any other path gets the app with status 404, and its 404 page. */
const APP_ROUTES = /^\/(?:auth|history|settings|privacy|terms)?\/?$/;

export class WebApp {
  readonly dir: string;
  private html: string | undefined;

  constructor(dir?: string) {
    this.dir = resolve(dir ?? CHECKOUT_DIST);
  }

  get built(): boolean {
    return existsSync(join(this.dir, 'index.html'));
  }

  /** The app's page; a bare shell when there is no build (API-only deployments, tests). */
  page(): string {
    this.html ??= this.built ? readFileSync(join(this.dir, 'index.html'), 'utf8') : SHELL;
    return this.html;
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
        .send(this.page());
    });
    return router;
  }
}
