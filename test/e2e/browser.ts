/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startStack, type FakeYoutube, type RunningStack } from '@findclips/testing';

/**
 * The whole stack as the browser tests run it: on the fake YouTube, the local analyzer, keys of its
 * own; on `port` and with more `env` where a test asks.
 */
export function startE2eStack(
  youtube: FakeYoutube,
  { port, env = {} }: { port?: number; env?: Record<string, string> } = {},
): Promise<RunningStack> {
  return startStack({
    port,
    env: {
      YOUTUBE_BASE_URL: youtube.url,
      REDIS_KEY_PREFIX: `fc:e2e:${randomUUID()}:`,
      ANALYSIS_DEFAULT_PROVIDER: 'local',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'e2e-session-secret-of-at-least-32-characters',
      ...env,
    },
    output: process.env.E2E_DEBUG ? 'inherit' : 'ignore',
  });
}

/**
 * The features Playwright 1.65 turns off in Chromium (its `chromiumSwitches`), kept here because
 * Chromium reads only the last `--disable-features`: the list given below replaces Playwright's, so
 * it holds Playwright's too. `browser.int.spec.ts` fails when a new Playwright turns off more.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 opens two hidden omnibox popups (web pages of its own, chrome://omnibox-popup) in
 * each new window, and each browser context a test opens is one: they took more CPU than the app's
 * pages themselves (16 s of 47 s over ten page loads in new contexts). No test types in an address bar.
 */
const OMNIBOX_POPUPS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/** Debian's Chromium, with the flags this machine needs (no sandbox as root, no background calls). */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUPS].join(',')}`,
  ],
};

/**
 * Debian's Chromium for a test. Playwright turns off the back/forward cache (a page left kept as it
 * was, shown again by Back or Forward without loading); `backForwardCache` keeps it on, as every
 * user's Chrome has it.
 */
export function launchChromium({ backForwardCache = false } = {}): Promise<Browser> {
  return chromium.launch(backForwardCache ? { ...CHROMIUM, ignoreDefaultArgs: ['--disable-back-forward-cache'] } : CHROMIUM);
}

const SCREENSHOT_DIR = join(__dirname, '..', '..', 'test-results', 'screenshots');

/** Saves the page for review as test-results/screenshots/{name}-{width}.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
}

/** True when nothing is wider than the viewport (no sideways scrolling on a phone). */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * Buttons, links and menus shown smaller than 24 × 24 px (WCAG 2.2's minimum target size), each
 * as its name and size; links inside a sentence are the rule's exception and not counted.
 */
export const smallTargets = (page: Page) =>
  page.evaluate(() =>
    // (A checkbox's target is its label, which toggles it too.)
    Array.from(
      document.querySelectorAll<HTMLElement>('button, a[href], summary, [role="button"], label:has(> input[type="checkbox"])'),
    ).flatMap((target) => {
      const box = target.getBoundingClientRect();
      // Not shown (hidden, or visually hidden until focused as the skip link is), or in a sentence.
      const style = getComputedStyle(target);
      if (box.width <= 2 || box.height <= 2 || style.visibility === 'hidden' || style.clipPath !== 'none' || target.closest('p'))
        return [];
      if (box.width >= 23.5 && box.height >= 23.5) return [];
      const name = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 40);
      return [`${name} ${Math.round(box.width)}×${Math.round(box.height)}`];
    }),
  );

/**
 * The JavaScript a page loads from its own origin before `readyText` shows (its screen's code has
 * arrived by then; embedded players are other origins and not counted): its bytes as sent to
 * Chromium (brotli, as it accepts on a secure origin) and, for the budgets, the same files as sent
 * to a browser that takes gzip alone.
 */
export async function javascriptBytes(page: Page, url: string, readyText: string): Promise<{ sent: number; gzipped: number }> {
  const loaded: { url: string; size: Promise<number> }[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script' && new URL(request.url()).origin === new URL(page.url()).origin) {
      loaded.push({ url: request.url(), size: request.sizes().then((s) => s.responseBodySize) });
    }
  });
  await page.goto(url);
  await page.getByText(readyText).first().waitFor();
  await page.waitForLoadState('load');
  const sum = (sizes: number[]) => sizes.reduce((a, b) => a + b, 0);
  return {
    sent: sum(await Promise.all(loaded.map((script) => script.size))),
    gzipped: sum(await Promise.all(loaded.map((script) => bytesOnTheWire(script.url, 'gzip')))),
  };
}

/**
 * A file too small for compression to shrink (a chunk that only passes on another's export, 110
 * bytes): the build keeps no compressed copy that is larger, and it is sent as it is.
 */
const TOO_SMALL_TO_COMPRESS = 256;

/** The length of a GET's body as it crosses the network, before any decoding. */
function bytesOnTheWire(url: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        response.statusCode === 200 &&
        (response.headers['content-encoding'] === acceptEncoding ||
          (response.headers['content-encoding'] === undefined && bytes <= TOO_SMALL_TO_COMPRESS))
          ? resolve(bytes)
          : reject(new Error(`${url} came back as ${response.headers['content-encoding'] ?? 'identity'}`)),
      );
    }).on('error', reject);
  });
}

/**
 * Waits for the page's next task: what it queued before (React's render of a state set before,
 * which its scheduler runs as a task of its own) has run by then.
 */
export async function pageTurn(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const turn = new MessageChannel();
        turn.port1.onmessage = () => resolve();
        turn.port2.postMessage(null);
      }),
  );
}

/**
 * Resolves once the live channel tells the page it joined `videoId`'s room (JOIN_VIDEO_CONFIRMED,
 * read from the long-polling answers): from then on the page hears the video's events. Call it
 * before the page asks to join.
 */
export function joinConfirmed(page: Page, videoId: string, timeout = 60_000): Promise<unknown> {
  // An answer holds Engine.IO packets apart by a record separator; an event is '42' and its JSON.
  const confirms = (packet: string) => {
    if (!packet.startsWith('42["JOIN_VIDEO_CONFIRMED"')) return false;
    const [, body] = JSON.parse(packet.slice(2)) as [string, { videoId?: string } | undefined];
    return body?.videoId === videoId;
  };
  return page.waitForResponse(
    async (response) =>
      new URL(response.url()).pathname.startsWith('/socket.io/') &&
      (await response.text().catch(() => '')).split('\x1e').some(confirms),
    { timeout },
  );
}

/** Waits until `read` gives `expected` (the page updates on its own time). */
export async function poll<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (last !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  if (last !== expected) throw new Error(`expected ${String(expected)}, still ${String(last)} after ${timeoutMs} ms`);
}

let axeSource: string | undefined;

/** One rule axe-core found broken on a page: its id, how bad, and where (CSS selectors). */
/**
 * Runs `attempt` until it succeeds, `times` times at most; a failure that `again` does not accept,
 * or the last one, is thrown.
 */
export async function retried(times: number, attempt: () => Promise<unknown>, again: (error: unknown) => boolean = () => true) {
  for (let tries = 1; ; tries += 1) {
    try {
      return void (await attempt());
    } catch (error) {
      if (tries === times || !again(error)) throw error;
    }
  }
}

interface AxeViolation {
  id: string;
  impact: string | null;
  targets: string[];
}

/**
 * The serious and critical WCAG 2.1 A/AA violations axe-core finds on the page as it is now
 * (axe-core's own build, injected into the page as the axe browser extensions do).
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated, not added as a <script>: the app's Content Security Policy rightly refuses inline scripts.
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // Violations only are read: axe then finds no selector for every node that passed (its
      // documented way to run faster; 9% of the time over the app's 54 looks).
      resultTypes: ['violations'],
    });
    return results.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

interface AxeResults {
  violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
}

/**
 * The WCAG contrast of the focused element's outline against what it is drawn on: the element's
 * own background when the outline is inside it (a negative offset), else the nearest painted one
 * around it. Each colour is read as the browser paints it in sRGB (a canvas pixel), whatever its
 * notation (the app's theme colours are hex, Tailwind's own oklch()).
 */
export function focusRingContrast(page: Page): Promise<number> {
  return page.evaluate(() => {
    const pixel = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgba = (colour: string) => {
      pixel.clearRect(0, 0, 1, 1);
      pixel.fillStyle = colour;
      pixel.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = pixel.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const focused = document.activeElement as HTMLElement;
    const style = getComputedStyle(focused);
    if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0) return 1;
    let behind = [255, 255, 255];
    for (
      let node: Element | null = parseFloat(style.outlineOffset) < 0 ? focused : focused.parentElement;
      node;
      node = node.parentElement
    ) {
      const colour = rgba(getComputedStyle(node).backgroundColor);
      if ((colour[3] ?? 1) > 0) {
        behind = colour;
        break;
      }
    }
    const luminance = ([r, g, b]: number[]) => {
      const linear = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
    };
    const [lighter, darker] = [luminance(rgba(style.outlineColor)), luminance(behind)].sort((a, b) => b - a);
    return (lighter! + 0.05) / (darker! + 0.05);
  });
}
