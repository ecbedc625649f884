import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createDataSource } from '@findclips/db';
import { strongPassword, uniqueEmail } from '@findclips/testing';
import { startTestGateway, type TestGateway } from '../test/harness';
import { NOT_BUILT } from './web-app';

const INDEX = '<!doctype html><html><head><title>Find Clips</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

const MANIFEST = {
  'index.html': { file: 'assets/index-AbC123.js', isEntry: true, dynamicImports: ['src/dashboard/dashboard-page.tsx'] },
  'src/dashboard/dashboard-page.tsx': {
    file: 'assets/dashboard-page-Da5h01.js',
    isDynamicEntry: true,
    imports: ['index.html', '_dialog-Di4l0g.js', '_format-F0rm4t.js'],
  },
  '_dialog-Di4l0g.js': { file: 'assets/dialog-Di4l0g.js', imports: ['index.html', '_format-F0rm4t.js'] },
  '_format-F0rm4t.js': { file: 'assets/format-F0rm4t.js' },
  'src/pages/history-page.tsx': { file: 'assets/history-page-H15t0r.js', isDynamicEntry: true, imports: ['_format-F0rm4t.js'] },
  'src/pages/shared-page.tsx': { file: 'assets/shared-page-Sh4r3d.js', isDynamicEntry: true, imports: ['index.html'] },
};
/** What a page's head names for the browser to ask for with it. */
const preloads = (html: string) => [...html.matchAll(/<link rel="(?:module)?preload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
const WHO_IS_HERE = '<link rel="preload" href="/api/user" as="fetch" crossorigin="use-credentials">';

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
  // As Vite writes it: the app's own chunk, and each page's with the chunks it imports.
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
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
    'serves the app at %s, never cached, the same page whoever asks',
    async (path) => {
      const page = async (agent: ReturnType<TestGateway['browser']>) => {
        const response = await agent.get(path).set('accept', 'text/html').expect(200);
        expect(response.headers['cache-control']).toBe('no-cache');
        return response.text;
      };
      // No preload of a member's own data, which the tab's next member could be handed (a
      // stranger's review): the page a member gets is a visitor's.
      const member = gateway.browser();
      await member.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
      const html = await page(gateway.browser());
      expect(html).toContain('<div id="root"></div>');
      expect(await page(member)).toBe(html);
    },
  );

  it("names in each page's head who is here and its page's code with every chunk it imports, but the app's own", async () => {
    const head = async (path: string) =>
      preloads(await (await fetch(`${gateway.url}${path}`, { headers: { accept: 'text/html' } })).text());
    expect(await head('/')).toEqual([
      '/api/user',
      '/assets/dashboard-page-Da5h01.js',
      '/assets/dialog-Di4l0g.js',
      '/assets/format-F0rm4t.js',
    ]);
    expect(await head('/history/')).toEqual(['/api/user', '/assets/history-page-H15t0r.js', '/assets/format-F0rm4t.js']);
    // Pages the build names no chunk for, and pages the app has none for, ask only who is here.
    for (const path of ['/settings', '/privacy', '/History', '/no/such/page'])
      expect([path, await head(path)]).toEqual([path, ['/api/user']]);
    // The shared page's code, with its share's own answer.
    expect(await head('/shared/unknownShareId123456')).toEqual(['/api/user', '/assets/shared-page-Sh4r3d.js']);
    // Each tag as the browser takes it, once.
    const home = await (await fetch(`${gateway.url}/`, { headers: { accept: 'text/html' } })).text();
    expect(home).toContain(`${WHO_IS_HERE}<link rel="modulepreload" crossorigin href="/assets/dashboard-page-Da5h01.js">`);
    expect(home.match(/\/api\/user/g)).toHaveLength(1);
    // The manifest itself is no file of the site.
    expect((await fetch(`${gateway.url}/.vite/manifest.json`, { headers: { accept: 'text/html' } })).status).toBe(404);
  });

  it("preloads a video link's analysis and title, as the page reads its link, and nothing for a link it does not open", async () => {
    const data = async (path: string) =>
      preloads(await (await fetch(`${gateway.url}${path}`, { headers: { accept: 'text/html' } })).text()).filter(
        (url) => !url.startsWith('/assets/') && url !== '/api/user',
      );
    const asked = ['/api/cached-videos/dQw4w9WgXcQ', '/api/videos/metadata/dQw4w9WgXcQ'];
    expect(await data('/?video=dQw4w9WgXcQ')).toEqual(asked);
    // Answers before code: a browser asks six at a time over HTTP/1.1, in the order named.
    const page = await (await fetch(`${gateway.url}/?video=dQw4w9WgXcQ`, { headers: { accept: 'text/html' } })).text();
    expect(preloads(page)).toEqual([
      '/api/user',
      ...asked,
      '/assets/dashboard-page-Da5h01.js',
      '/assets/dialog-Di4l0g.js',
      '/assets/format-F0rm4t.js',
    ]);
    // The first of two, as URLSearchParams.get reads them; anything after a second '?' is the id's.
    expect(await data('/?video=dQw4w9WgXcQ&video=aaaaaaaaaaa')).toEqual(asked);
    expect(await data('/?t=30&video=dQw4w9WgXcQ')).toEqual(asked);
    for (const path of [
      '/?video=dQw4w9WgXcQ?x',
      '/?video=dQw4w9WgXc',
      '/?video=<script>aaa',
      '/?Video=dQw4w9WgXcQ',
      '/history?video=dQw4w9WgXcQ',
    ])
      expect([path, await data(path)]).toEqual([path, []]);
  });

  it('serves the app with status 404 on unknown paths, so its 404 page shows', async () => {
    const response = await fetch(`${gateway.url}/no/such/page`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<div id="root"></div>');
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

describe("a build whose manifest is not as Vite writes it (another tool's, or written by hand)", () => {
  it.each([
    'null',
    JSON.stringify({ 'src/dashboard/dashboard-page.tsx': { file: 'assets/d.js', imports: 'x' } }),
    JSON.stringify({ 'src/dashboard/dashboard-page.tsx': { imports: [] } }),
  ])('serves the app (%s), naming who is here and no code', async (manifest) => {
    const other = mkdtempSync(join(tmpdir(), 'findclips-web-'));
    writeFileSync(join(other, 'index.html'), INDEX);
    mkdirSync(join(other, '.vite'));
    writeFileSync(join(other, '.vite', 'manifest.json'), manifest);
    const built = await startTestGateway({ WEB_DIST_DIR: other });
    try {
      const response = await fetch(`${built.url}/`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(preloads(await response.text())).toEqual(['/api/user']);
    } finally {
      await built.close();
      rmSync(other, { recursive: true, force: true });
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
