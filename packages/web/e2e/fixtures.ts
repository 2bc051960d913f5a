/**
 * Playwright fixtures: a real server process per worker (embedded PGlite in a fresh data
 * directory, serving the built web app), and a recorder of everything the browser sends, for
 * the zero-knowledge check (no request or WebSocket frame may contain the space key).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { test as base, expect, type BrowserContext } from '@playwright/test';

const SERVER_DIR = fileURLToPath(new URL('../../server', import.meta.url));
// E2E_WEB_DIST: a build of its own (`vite build --outDir …`), when several runs share a checkout.
const WEB_DIST = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));

/**
 * The diagram editor every e2e server is configured with (DIAGRAM_EDITOR_URL). Nothing answers
 * there on the network: e2e/diagrams.spec.ts serves its test editor at this address.
 */
export const E2E_DIAGRAM_EDITOR_URL = 'https://diagram-editor.test/embed';

export interface ServerProcess {
  url: string;
  port: number;
  /** SIGTERM and wait for exit; removes the data directory unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** SIGKILL, as a crash would. */
  kill(): Promise<void>;
  dataDir: string;
}

/** Starts `packages/server` on `port` (0 = any free port) with its own data directory. */
export async function startServer(
  options: { port?: number; dataDir?: string } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'cs-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: WEB_DIST,
      DIAGRAM_EDITOR_URL: E2E_DIAGRAM_EDITOR_URL,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
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

/** Everything a browser context sent: request URLs, headers, bodies and WebSocket frames. */
export interface TrafficRecorder {
  sent: string[];
  /** Fails the test if any recorded request or frame contains `secret` (raw or URL-encoded). */
  expectNotSent(secret: string): void;
}

export function recordTraffic(context: BrowserContext): TrafficRecorder {
  const sent: string[] = [];
  context.on('request', (request) => {
    sent.push(
      `${request.method()} ${request.url()}\n${JSON.stringify(request.headers())}\n${request.postData() ?? ''}`,
    );
  });
  context.on('page', (page) => {
    page.on('websocket', (socket) => {
      sent.push(`WS ${socket.url()}`);
      socket.on('framesent', (frame) => sent.push(`WS> ${String(frame.payload)}`));
    });
  });
  return {
    sent,
    expectNotSent(secret) {
      const forms = [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];
      const leaks = sent.filter((entry) => forms.some((form) => entry.includes(form)));
      expect(leaks, `the space key reached the network in ${leaks.length} request(s)`).toEqual([]);
    },
  };
}

interface WorkerFixtures {
  server: ServerProcess;
}

export const test = base.extend<object, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect };
