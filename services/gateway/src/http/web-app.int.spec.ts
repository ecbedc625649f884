import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createDataSource } from '@findclips/db';
import { startTestGateway, type TestGateway } from '../test/harness';
import { NOT_BUILT } from './web-app';

const INDEX = '<!doctype html><html><head><title>Find Clips</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let dist: string;
let gateway: TestGateway;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'findclips-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
  // As the build writes them: each asset beside its brotli and gzip forms.
  writeFileSync(join(dist, 'assets', 'page-DeF456.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'page-DeF456.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'page-DeF456.js.gz'), gzipSync(SCRIPT, { level: 9 }));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  gateway = await startTestGateway({ WEB_DIST_DIR: dist });
});

afterAll(async () => {
  await gateway.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app, served by the gateway', () => {
  it('serves hashed assets compressed and immutable for a year', async () => {
    const response = await fetch(`${gateway.url}/assets/index-AbC123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toBe(SCRIPT);
  });

  it("sends the build's own brotli or gzip form of an asset as it is, by what the browser accepts", async () => {
    const asked = async (acceptEncoding: string) => {
      const response = await fetch(`${gateway.url}/assets/page-DeF456.js`, { headers: { 'accept-encoding': acceptEncoding } });
      return {
        status: response.status,
        encoding: response.headers.get('content-encoding'),
        // A length said up front: the file as it lies, not compressed again on the way.
        length: Number(response.headers.get('content-length')),
        vary: response.headers.get('vary'),
        cache: response.headers.get('cache-control'),
        type: response.headers.get('content-type'),
        text: await response.text(),
      };
    };
    const as = { status: 200, vary: 'Accept-Encoding', cache: 'public, max-age=31536000, immutable', text: SCRIPT };
    const type = expect.stringMatching(/^application\/javascript|^text\/javascript/);
    expect(await asked('gzip, deflate, br, zstd')).toEqual({
      ...as,
      type,
      encoding: 'br',
      length: brotliCompressSync(SCRIPT).length,
    });
    expect(await asked('gzip')).toEqual({ ...as, type, encoding: 'gzip', length: gzipSync(SCRIPT, { level: 9 }).length });
    expect(await asked('identity')).toEqual({ ...as, type, encoding: null, length: SCRIPT.length });
  });

  it('serves index.html itself no-cache, and says nowhere what serves it', async () => {
    for (const path of ['/index.html', '/', '/history']) {
      const response = await fetch(`${gateway.url}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    for (const path of [
      '/',
      '/index.html',
      '/favicon.svg',
      '/assets/index-AbC123.js',
      '/healthz',
      '/readyz',
      '/metrics',
      '/api/user',
    ]) {
      const response = await fetch(`${gateway.url}${path}`);
      expect([path, response.headers.get('x-powered-by')]).toEqual([path, null]);
    }
  });

  it("serves the build's top-level files (favicon) for an hour; any other path goes on to the routes", async () => {
    const favicon = await fetch(`${gateway.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('cache-control')).toBe('public, max-age=3600');
    // Not a file of the build: on to the routes (the app, or JSON for the API).
    expect((await fetch(`${gateway.url}/favicon.png`, { headers: { accept: 'text/html' } })).status).toBe(404);
  });

  it('answers a missing asset with 404, not the app, kept by no cache (another build may have it)', async () => {
    const response = await fetch(`${gateway.url}/assets/index-gone.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).not.toContain('<div id="root">');
    // Also for a file the build compressed, asked in a way no file answers: plain text, said plainly.
    const posted = await fetch(`${gateway.url}/assets/page-DeF456.js`, { method: 'POST', headers: { 'accept-encoding': 'br' } });
    expect([posted.status, posted.headers.get('content-encoding'), await posted.text()]).toEqual([404, null, 'Not found']);
  });

  it('says a page varies by what the caller accepts: a cache in front keeps the JSON 404 apart from the page', async () => {
    for (const path of ['/', '/history', '/no/such/page']) {
      const page = await fetch(`${gateway.url}${path}`, { headers: { accept: 'text/html' } });
      const json = await fetch(`${gateway.url}${path}`, { headers: { accept: 'application/json' } });
      expect([path, page.headers.get('vary')]).toEqual([path, expect.stringMatching(/\bAccept\b/)]);
      expect([path, json.status, json.headers.get('vary'), json.headers.get('cache-control')]).toEqual([
        path,
        404,
        expect.stringMatching(/\bAccept\b/),
        'no-store',
      ]);
    }
  });

  it.each(['/', '/auth', '/history', '/settings', '/privacy', '/terms', '/?video=dQw4w9WgXcQ'])(
    'serves the app at %s, never cached',
    async (path) => {
      const response = await fetch(`${gateway.url}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      // The same page for everyone: no preload of a member's data, which the tab's next member
      // could be handed (a stranger's review).
      expect(await response.text()).toBe(INDEX);
    },
  );

  it('serves the app with status 404 on unknown paths, so its 404 page shows', async () => {
    const response = await fetch(`${gateway.url}/no/such/page`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(INDEX);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await fetch(`${gateway.url}/api/no-such-thing`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('renders a shared page from the built app with its preview tags', async () => {
    const response = await fetch(`${gateway.url}/shared/unknownShareId123456`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('answers a shared page with 503, kept nowhere, when the database cannot say whether the share exists', async () => {
    // Its own pool, closed under it (the file's shared one stays for the other tests).
    const own = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 1 }).initialize();
    const cut = await startTestGateway({ WEB_DIST_DIR: dist }, { dataSource: own });
    try {
      await own.destroy();
      const response = await fetch(`${cut.url}/shared/liveShareId1234567`);
      // Not 404: a preview bot or a cache would take a live share for a removed one.
      expect(response.status).toBe(503);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toContain('<div id="root">');
    } finally {
      await cut.close().catch(() => undefined);
    }
  });
});

describe('no web app built where WEB_DIST_DIR points', () => {
  it('answers pages with a line saying so, not a blank page, and the API as usual', async () => {
    const missing = await startTestGateway({ WEB_DIST_DIR: join(tmpdir(), 'findclips-no-such-build') });
    try {
      const page = await fetch(`${missing.url}/`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`<p>${NOT_BUILT}</p>`);
      expect((await fetch(`${missing.url}/api/guest/credits`)).status).toBe(200);
    } finally {
      await missing.close();
    }
  });
});
