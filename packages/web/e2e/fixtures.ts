/**
 * Playwright fixtures: a real server process per worker (embedded PGlite in a fresh data
 * directory, serving the built web app), and a recorder of everything the browser sends, for
 * the zero-knowledge check (no request or WebSocket frame may contain the space key).
 * That check runs by itself for every test that uses the default `context`/`page` (option
 * `zeroKnowledgeCheck`); contexts a test opens itself use `recordTraffic` or
 * `guardZeroKnowledge`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

const SERVER_DIR = fileURLToPath(new URL('../../server', import.meta.url));
// E2E_WEB_DIST: a build of its own (`vite build --outDir …`), when several runs share a checkout.
export const WEB_DIST =
  process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));

/**
 * The diagram editor every e2e server is configured with (DIAGRAM_EDITOR_URL). Nothing answers
 * there on the network: e2e/diagrams.spec.ts serves its test editor at this address.
 */
export const E2E_DIAGRAM_EDITOR_URL = 'https://diagram-editor.test/embed';

/**
 * How long a server may take to start, in ms: a minute, stretched on a slower machine by
 * TEST_SLOWDOWN as the tests' own limits are (playwright.config.ts).
 */
const SERVER_START_MS = 60_000 * Math.max(1, Number(process.env.TEST_SLOWDOWN) || 1);

export interface ServerProcess {
  url: string;
  port: number;
  /** SIGTERM and wait for exit; removes the data directory unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** SIGKILL, as a crash would. */
  kill(): Promise<void>;
  dataDir: string;
}

/**
 * Starts `packages/server` on `port` (0 = any free port) with its own data directory, serving
 * the web build in `webDist` (default: E2E_WEB_DIST, else packages/web/dist), with
 * `diagramEditorUrl` as DIAGRAM_EDITOR_URL (default E2E_DIAGRAM_EDITOR_URL; '' = the bundled
 * draw.io, e2e/diagrams-editor.spec.ts).
 */
export async function startServer(
  options: { port?: number; dataDir?: string; webDist?: string; diagramEditorUrl?: string } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'cs-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: options.webDist ?? WEB_DIST,
      DIAGRAM_EDITOR_URL: options.diagramEditorUrl ?? E2E_DIAGRAM_EDITOR_URL,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output}`)),
      SERVER_START_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => reject(new Error(`server exited:\n${output}`)));
  });
  return {
    url,
    port: Number(new URL(url).port),
    dataDir,
    async stop({ keepData = false } = {}) {
      child.kill('SIGTERM');
      await exited;
      if (!keepData && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** One thing the browser sent: an HTTP request (method, URL, headers, body) or a WebSocket frame. */
interface SentEntry {
  text: string;
  /**
   * A navigation the browser itself started — `page.goto`, `page.reload` or an address typed by
   * hand (`Sec-Fetch-Site: none`) — not one the app made. The test chose that URL.
   */
  typedNavigation: boolean;
}

/** Everything a browser context sent: request URLs, headers, bodies and WebSocket frames. */
export interface TrafficRecorder {
  sent: string[];
  /**
   * Fails the test if any recorded request or frame contains `secret` (raw, URL-encoded or
   * JSON-escaped). With `ignoreTypedNavigations`, navigations the test itself started
   * (`page.goto(url)` with the secret in `url`) do not count: the app did not send those.
   */
  expectNotSent(secret: string, options?: { ignoreTypedNavigations?: boolean }): void;
  /** Waits until every recorded navigation is classified (see `typedNavigation`). */
  settled(): Promise<void>;
}

/** How long to wait for a request's final headers before treating it as sent by the app. */
const HEADERS_TIMEOUT_MS = 2000;

/**
 * Records everything the pages of `context` send from now on: every HTTP request of the context
 * and every WebSocket (URL and each frame sent) of every page — pages open already (e.g. the
 * default `page` fixture) and pages opened later. A WebSocket a page opened before this call is
 * not seen (Playwright reports sockets only as they open): record before navigating.
 */
export function recordTraffic(context: BrowserContext): TrafficRecorder {
  const entries: SentEntry[] = [];
  const sent: string[] = [];
  const pending: Promise<void>[] = [];
  const add = (entry: SentEntry) => {
    entries.push(entry);
    sent.push(entry.text);
  };

  context.on('request', (request) => {
    const entry: SentEntry = {
      text: `${request.method()} ${request.url()}\n${JSON.stringify(request.headers())}\n${request.postData() ?? ''}`,
      typedNavigation: false,
    };
    add(entry);
    if (!request.isNavigationRequest()) return;
    // Only the final headers tell who started a navigation (the browser: Sec-Fetch-Site none).
    const timeout = new Promise<undefined>((resolve) =>
      setTimeout(() => resolve(undefined), HEADERS_TIMEOUT_MS),
    );
    pending.push(
      Promise.race([request.allHeaders(), timeout])
        .then((headers) => {
          entry.typedNavigation = headers?.['sec-fetch-site'] === 'none';
        })
        .catch(() => undefined),
    );
  });

  const hooked = new WeakSet<Page>();
  const hookPage = (page: Page) => {
    if (hooked.has(page)) return;
    hooked.add(page);
    page.on('websocket', (socket) => {
      add({ text: `WS ${socket.url()}`, typedNavigation: false });
      socket.on('framesent', (frame) =>
        add({ text: `WS> ${String(frame.payload)}`, typedNavigation: false }),
      );
    });
  };
  for (const page of context.pages()) hookPage(page);
  context.on('page', hookPage);

  return {
    sent,
    expectNotSent(secret, { ignoreTypedNavigations = false } = {}) {
      const forms = [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];
      const leaks = entries
        .filter((entry) => !(ignoreTypedNavigations && entry.typedNavigation))
        .filter((entry) => forms.some((form) => entry.text.includes(form)))
        .map((entry) => entry.text);
      expect(leaks, `the space key reached the network in ${leaks.length} request(s)`).toEqual([]);
    },
    async settled() {
      await Promise.all(pending);
    },
  };
}

/** The binding through which pages report the space keys they store (see `watchSpaceKeys`). */
export const SPACE_KEY_BINDING = '__cipherspaceE2eSpaceKeyStored';

/** Space keys in one origin's localStorage: `space_key_*` and the content credentials. */
function spaceKeysIn(entries: { name: string; value: string }[]): string[] {
  const keys: string[] = [];
  for (const { name, value } of entries) {
    if (name.startsWith('space_key_')) keys.push(value);
    if (name === 'cipherspace_content_credentials') {
      try {
        const { spaceKey } = JSON.parse(value) as { spaceKey?: unknown };
        if (typeof spaceKey === 'string') keys.push(spaceKey);
      } catch {
        // Not JSON: nothing to collect.
      }
    }
  }
  return keys;
}

/**
 * Collects every space key the pages of `context` store in localStorage: reported by each
 * `setItem` as it happens (so keys a logout removes again still count), and whatever is stored
 * when `all()` is called. Call before the context opens its first page.
 */
async function watchSpaceKeys(context: BrowserContext): Promise<{ all(): Promise<string[]> }> {
  const seen = new Set<string>();
  await context.exposeBinding(SPACE_KEY_BINDING, (_source, name: unknown, value: unknown) => {
    if (typeof name === 'string' && typeof value === 'string')
      for (const key of spaceKeysIn([{ name, value }])) seen.add(key);
  });
  await context.addInitScript((binding: string) => {
    // Called with the storage as `this` below.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, name: unknown, value: unknown) {
      // Storage converts both to strings; so does the report.
      const [key, stored] = [String(name), String(value)];
      setItem.call(this, key, stored);
      const report = (window as unknown as Record<string, unknown>)[binding];
      if (this !== window.localStorage || typeof report !== 'function') return;
      // The instrumentation must never break the page's own write: whatever the binding does
      // (throw, return no promise while the page is still starting), setItem has stored.
      try {
        const reported = (report as (name: string, value: string) => unknown)(key, stored);
        if (reported instanceof Promise) reported.catch(() => undefined);
      } catch {
        // The final storage read in all() still sees what is stored.
      }
    };
  }, SPACE_KEY_BINDING);
  return {
    async all() {
      try {
        const state = await context.storageState();
        for (const origin of state.origins)
          for (const key of spaceKeysIn(origin.localStorage)) seen.add(key);
      } catch {
        // A closed context: the keys reported so far are all there is.
      }
      return [...seen].filter((key) => key.length > 0);
    },
  };
}

/** The zero-knowledge check of a whole browser context (see `guardZeroKnowledge`). */
export interface ZeroKnowledgeGuard {
  traffic: TrafficRecorder;
  /** Fails if any space key ever stored in this context's localStorage was sent. */
  check(): Promise<void>;
}

/**
 * Records everything `context` sends and every space key its pages store (`space_key_*`, the
 * content credentials); `check()` then fails if any of those keys was sent in a request or
 * WebSocket frame — except in navigations the test typed itself (`page.goto` of a URL with a
 * `spaceKey` query parameter, which the app did not send). Call before the context opens its
 * first page.
 */
export async function guardZeroKnowledge(context: BrowserContext): Promise<ZeroKnowledgeGuard> {
  const traffic = recordTraffic(context);
  const spaceKeys = await watchSpaceKeys(context);
  return {
    traffic,
    async check() {
      await traffic.settled();
      for (const key of await spaceKeys.all())
        traffic.expectNotSent(key, { ignoreTypedNavigations: true });
    },
  };
}

interface TestOptions {
  /**
   * The automatic zero-knowledge check (on by default) for tests that use the default
   * `context`/`page`: everything that context sends is recorded, and when the test ends no
   * space key that was ever stored in its localStorage may appear in it — except in navigations
   * the test typed itself (`page.goto` of a URL with a `spaceKey` query parameter).
   * Contexts a test opens with `browser.newContext()` need `recordTraffic` of their own.
   */
  zeroKnowledgeCheck: boolean;
}

interface WorkerFixtures {
  server: ServerProcess;
}

export const test = base.extend<TestOptions, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    // Setting up (and stopping) may take as long as a start may, and a little more.
    { scope: 'worker', timeout: SERVER_START_MS + 15_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  zeroKnowledgeCheck: [true, { option: true }],
  context: async ({ context, zeroKnowledgeCheck }, use) => {
    if (!zeroKnowledgeCheck) {
      await use(context);
      return;
    }
    const guard = await guardZeroKnowledge(context);
    await use(context);
    await guard.check();
  },
});

export { expect };
