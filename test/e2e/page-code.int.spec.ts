import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_SOURCES } from '../../services/gateway/src/http/web-app';

/** The web app as `npm test` builds it, with its manifest and source maps. */
const DIST = join(__dirname, '../../web/dist');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** The files a page's code is: its own chunk and every chunk it imports, as the browser loads them. */
function filesOf(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]!.imports ?? []) filesOf(imported, seen);
  return seen;
}

/** The source files bundled into a chunk, from its source map. */
const sourcesOf = (file: string): string[] =>
  (JSON.parse(readFileSync(join(DIST, `${file}.map`), 'utf8')) as { sources: string[] }).sources;

const loadsZod = (key: string) =>
  [...filesOf(key)].some((chunk) => sourcesOf(manifest[chunk]!.file).some((source) => source.includes('/node_modules/zod/')));

describe("the built web app's code, page by page", () => {
  it('loads the schemas (zod) only on the forms that validate with them: sign-in and settings', () => {
    const withZod = Object.entries(PAGE_SOURCES)
      .filter(([, source]) => loadsZod(source))
      .map(([path]) => path);
    expect(withZod.sort()).toEqual(['/auth', '/settings']);
    // The app's own code, which every page loads first, holds none either.
    expect(loadsZod('index.html')).toBe(false);
  });

  it('loads them from no other code the app asks for: the 404 and legal pages, panels, the toaster', () => {
    // Every chunk the browser may be asked to load on its own, not only the routes' pages.
    const loaded = Object.keys(manifest).filter((key) => manifest[key]!.isEntry || manifest[key]!.isDynamicEntry);
    expect(loaded).toEqual(
      expect.arrayContaining(['index.html', 'src/pages/not-found-page.tsx', ...Object.values(PAGE_SOURCES)]),
    );
    expect(loaded.filter(loadsZod).sort()).toEqual([PAGE_SOURCES['/auth'], PAGE_SOURCES['/settings']].sort());
  });
});
