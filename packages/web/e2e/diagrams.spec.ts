/**
 * Diagrams (spec §2 /tools/diagrams, §4 Diagrams, §7 Notes, §9 loading timeout) in Chromium
 * against a real server. There is no internet here, so the servers are configured with a
 * DIAGRAM_EDITOR_URL of their own (E2E_DIAGRAM_EDITOR_URL) that is answered by a small fake
 * editor that speaks draw.io's embed-mode JSON protocol: it asks to be configured, says `init`,
 * shows what it was `load`ed with, posts `autosave` and `save` with a changed drawing when its
 * buttons are clicked, and answers `export`. Covered: the overlay (init, Continue Anyway, the
 * forced hide after 10 s), saving a drawing across a reload, New / Rename / switch / Delete,
 * exporting SVG and PNG, messages from other origins and windows being ignored, and a database
 * that holds no diagram plaintext.
 */
import { readFileSync, rmSync } from 'node:fs';

import type { BrowserContext, Frame, Page, Request } from '@playwright/test';

import {
  E2E_DIAGRAM_EDITOR_URL,
  expect,
  startServer,
  test,
  type ServerProcess,
} from './fixtures.ts';
import { dumpDatabase, setUpSpace, signIn } from './support.ts';

const EDITOR_URL = new URL(E2E_DIAGRAM_EDITOR_URL);
const EDITOR_ORIGIN = EDITOR_URL.origin;
/** What every box the fake editor draws is labelled with (and must never reach the server). */
const BOX_LABEL = 'Confidential box';
const EVIL_XML =
  '<mxGraphModel><root><mxCell id="evil" value="Injected by a stranger"/></root></mxGraphModel>';
/** A 1×1 PNG. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * The fake editor page. With `autoStart` it starts the handshake at once (configure → init);
 * otherwise only when the test calls `window.announce()` in it.
 */
function fakeEditorHtml(autoStart: boolean): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Fake diagram editor</title></head>
<body>
<p id="status">starting</p>
<button id="draw" type="button">Draw a box</button>
<button id="save" type="button">Save</button>
<pre id="xml"></pre>
<script>
  window.received = [];
  let xml = '';
  let boxes = 0;
  const send = (message) => parent.postMessage(JSON.stringify(message), '*');
  const show = (status) => {
    document.getElementById('status').textContent = status;
    document.getElementById('xml').textContent = xml;
  };
  window.addEventListener('message', (event) => {
    if (event.source !== parent) return;
    const message = JSON.parse(event.data);
    window.received.push(message);
    if (message.action === 'configure') {
      show('configured');
      send({ event: 'init' });
    } else if (message.action === 'load') {
      xml = message.xml;
      show('loaded');
      send({ event: 'load', xml, scale: 1 });
    } else if (message.action === 'export') {
      const data = message.format === 'xmlsvg'
        ? 'data:image/svg+xml;base64,' + btoa('<svg xmlns="http://www.w3.org/2000/svg"><text>' + boxes + ' boxes</text></svg>')
        : 'data:image/png;base64,${PNG_BASE64}';
      send({ event: 'export', format: message.format, data, xml, message });
    }
  });
  document.getElementById('draw').onclick = () => {
    boxes += 1;
    xml = xml.replace('</root>', '<mxCell id="box-' + boxes + '" value="${BOX_LABEL} ' + boxes +
      '" vertex="1" parent="1"><mxGeometry x="40" y="40" width="120" height="60" as="geometry"/></mxCell></root>');
    show('drawn');
    send({ event: 'autosave', xml });
  };
  document.getElementById('save').onclick = () => send({ event: 'save', xml });
  window.announce = () => send({ event: 'configure' });
  window.openStranger = (url) => {
    const frame = document.createElement('iframe');
    frame.src = url;
    document.body.append(frame);
  };
  ${autoStart ? 'window.announce();' : ''}
</script>
</body></html>`;
}

/** A page that, once loaded in some frame, posts editor events to the top window. */
const STRANGER_HTML = `<!doctype html><html><body><script>
  top.postMessage(JSON.stringify({ event: 'configure' }), '*');
  top.postMessage(JSON.stringify({ event: 'init' }), '*');
  top.postMessage(JSON.stringify({ event: 'autosave', xml: ${JSON.stringify(EVIL_XML)} }), '*');
  top.postMessage(JSON.stringify({ event: 'save', xml: ${JSON.stringify(EVIL_XML)} }), '*');
  window.sent = true;
</script></body></html>`;

/** Serves the fake editor at the editor origin (and strangers at /stranger.html and evil.example). */
async function serveFakeEditor(context: BrowserContext, options: { autoStart: boolean }) {
  await context.route(`${EDITOR_ORIGIN}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        new URL(route.request().url()).pathname === '/stranger.html'
          ? STRANGER_HTML
          : fakeEditorHtml(options.autoStart),
    }),
  );
  await context.route('https://evil.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: STRANGER_HTML }),
  );
}

/** A member signed in on /tools/diagrams in a context of their own with the fake editor. */
async function openDiagrams(
  page: Page,
  server: Pick<ServerProcess, 'url'>,
  options: { autoStart?: boolean } = {},
) {
  await serveFakeEditor(page.context(), { autoStart: options.autoStart ?? true });
  const [member] = await setUpSpace(server, ['alice'], { prefix: 'Diagrams' });
  if (!member) throw new Error('no member');
  await signIn(page, server, member, '/tools/diagrams');
  await expect(page.getByRole('heading', { level: 1, name: 'Diagrams' })).toBeVisible();
  return member;
}

/** The fake editor's frame (the iframe of the Diagrams screen). */
function editorFrame(page: Page): Frame {
  const frame = page
    .frames()
    .find((candidate) => candidate.url().startsWith(`${E2E_DIAGRAM_EDITOR_URL}?`));
  if (!frame) throw new Error('no editor frame');
  return frame;
}
const editor = (page: Page) => page.frameLocator('iframe[title="Diagram editor"]');
const overlay = (page: Page) => page.getByText('Loading diagram editor', { exact: true }).last();
const statusBar = (page: Page) => page.getByRole('group', { name: 'Diagram status' });
const select = (page: Page) => page.getByLabel('Current diagram');

/** Counts the content saves the page sends (tRPC `content.save` over HTTP). */
function countSaves(page: Page): () => number {
  let saves = 0;
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().includes('content.save')) saves += 1;
  });
  return () => saves;
}

async function drawAndSave(page: Page): Promise<void> {
  await editor(page).getByRole('button', { name: 'Draw a box' }).click();
  await expect(statusBar(page)).toContainText('You have unsaved changes');
  await editor(page).getByRole('button', { name: 'Save' }).click();
  await expect(statusBar(page)).toContainText('Last saved: just now');
  await expect(statusBar(page)).not.toContainText('You have unsaved changes');
}

async function createDiagram(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Diagram' });
  const field = dialog.getByLabel('New Diagram Title');
  await expect(field).toHaveAttribute('placeholder', 'Enter diagram title');
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await field.fill(name);
  await field.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(select(page).locator('option:checked')).toHaveText(name);
}

test('the editor handshake hides the overlay and a saved drawing survives a reload', async ({
  page,
  server,
}) => {
  await openDiagrams(page, server);
  // toHaveText normalises whitespace: the leading space after the warning icon goes.
  await expect(page.getByRole('note')).toHaveText(
    `This tool uses an external resource: the diagram editor is loaded from ${EDITOR_URL.host}.`,
  );
  await expect(editor(page).locator('#status')).toHaveText('loaded');
  await expect(overlay(page)).toBeHidden();
  await expect(editor(page).locator('#xml')).toContainText('Welcome to Diagrams!');
  await expect(select(page).locator('option:checked')).toHaveText('Default Diagram');
  await expect(statusBar(page)).toContainText('1 diagram');

  // The protocol as the editor saw it: configure answered, then the drawing loaded.
  const received =
    await editorFrame(page).evaluate<{ action: string; config?: unknown; autosave?: number }[]>(
      'window.received',
    );
  expect(received.map((message) => message.action)).toEqual(['configure', 'load']);
  expect(received[0]?.config).toEqual({ compressXml: false });
  expect(received[1]?.autosave).toBe(1);

  await drawAndSave(page);
  await page.reload();
  await expect(editor(page).locator('#status')).toHaveText('loaded');
  await expect(editor(page).locator('#xml')).toContainText(`${BOX_LABEL} 1`);
  await expect(editor(page).locator('#xml')).toContainText('Welcome to Diagrams!');
});

test('create, rename, switch and delete diagrams', async ({ page, server }) => {
  await openDiagrams(page, server);
  await expect(editor(page).locator('#status')).toHaveText('loaded');
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();

  await createDiagram(page, 'Architecture');
  await expect(statusBar(page)).toContainText('2 diagrams');
  // A new diagram starts as an empty page.
  await expect(editor(page).locator('#xml')).not.toContainText('Welcome');
  await expect(editor(page).locator('#xml')).toContainText('<mxGraphModel');
  await drawAndSave(page);

  // Switching shows each diagram's own drawing.
  await select(page).selectOption({ label: 'Default Diagram' });
  await expect(editor(page).locator('#xml')).toContainText('Welcome to Diagrams!');
  await expect(editor(page).locator('#xml')).not.toContainText(BOX_LABEL);
  await select(page).selectOption({ label: 'Architecture' });
  await expect(editor(page).locator('#xml')).toContainText(`${BOX_LABEL} 1`);

  // Rename the default diagram.
  await select(page).selectOption({ label: 'Default Diagram' });
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Diagram' });
  const name = rename.getByLabel('New Diagram Name');
  await expect(name).toHaveValue('Default Diagram');
  await name.fill('  ');
  await expect(rename.getByRole('button', { name: 'Rename' })).toBeDisabled();
  await name.fill('Overview');
  await name.press('Enter');
  await expect(rename).toBeHidden();
  await expect(select(page).locator('option')).toHaveText(['Overview', 'Architecture']);

  // Delete Architecture; the last diagram cannot be deleted.
  await select(page).selectOption({ label: 'Architecture' });
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Diagram' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete the diagram "Architecture"?',
  );
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(select(page).locator('option')).toHaveText(['Overview']);
  await expect(statusBar(page)).toContainText('1 diagram');
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  await expect(editor(page).locator('#xml')).toContainText('Welcome to Diagrams!');

  await page.reload();
  await expect(select(page).locator('option')).toHaveText(['Overview']);
  await expect(editor(page).locator('#xml')).toContainText('Welcome to Diagrams!');
});

test('messages from another origin or another window are ignored', async ({ page, server }) => {
  const saves = countSaves(page);
  await openDiagrams(page, server, { autoStart: false });
  await expect(overlay(page)).toBeVisible();
  await expect(editor(page).locator('#status')).toHaveText('starting');
  const savesBefore = saves();

  // The page itself, a frame of another origin and a second frame of the editor's origin all
  // send editor events; none of them is our editor frame.
  await page.evaluate((xml) => {
    for (const event of [{ event: 'init' }, { event: 'save', xml }])
      window.postMessage(JSON.stringify(event), '*');
  }, EVIL_XML);
  const frame = editorFrame(page);
  await frame.evaluate((editorOrigin) => {
    const open = (window as unknown as { openStranger: (url: string) => void }).openStranger;
    open('https://evil.example/');
    open(`${editorOrigin}/stranger.html`);
  }, EDITOR_ORIGIN);
  await expect
    .poll(async () => {
      const strangers = page.frames().filter((f) => /evil\.example|stranger\.html/.test(f.url()));
      const sent = await Promise.all(strangers.map((f) => f.evaluate('window.sent === true')));
      return sent.filter(Boolean).length;
    })
    .toBe(2);
  // Give any wrongly accepted message time to show. An accepted init would have the editor
  // sent its diagram ('loaded'); the overlay is no witness: it hides itself after 10 s, which a
  // slow machine reaches before this point.
  await page.waitForTimeout(1000);
  await expect(editor(page).locator('#status')).toHaveText('starting');
  await expect(statusBar(page)).not.toContainText('You have unsaved changes');
  await expect(statusBar(page)).not.toContainText('Last saved');
  expect(saves()).toBe(savesBefore);
  expect(await frame.evaluate('window.received.length')).toBe(0);

  // Our editor frame is listened to.
  await frame.evaluate('window.announce()');
  await expect(overlay(page)).toBeHidden();
  await expect(editor(page).locator('#status')).toHaveText('loaded');
  await expect(editor(page).locator('#xml')).toContainText('Welcome to Diagrams!');
  await expect(editor(page).locator('#xml')).not.toContainText('Injected by a stranger');
});

test('the overlay: Continue Anyway, and the forced hide after 10 s', async ({ page, server }) => {
  test.setTimeout(90_000);
  await openDiagrams(page, server, { autoStart: false });
  const frameElement = page.getByTitle('Diagram editor');
  await expect(overlay(page)).toBeVisible();
  await expect(frameElement).toBeHidden();
  await page.getByRole('button', { name: 'Continue Anyway' }).click();
  await expect(overlay(page)).toBeHidden();
  await expect(frameElement).toBeVisible();
  // Without the editor's init, nothing can be exported yet.
  await expect(page.getByRole('button', { name: 'Export SVG' })).toBeDisabled();

  // Timed by the page's own clock: under load the test sees the overlay seconds late.
  await page.addInitScript(() => {
    const times: { shown?: number; hidden?: number } = {};
    Object.assign(window, { overlayTimes: times });
    const visible = () =>
      Array.from(document.querySelectorAll('body *')).some(
        (element) =>
          element.childElementCount === 0 &&
          element.textContent === 'Loading diagram editor' &&
          element.getClientRects().length > 0,
      );
    const timer = setInterval(() => {
      if (times.shown === undefined) {
        if (visible()) times.shown = performance.now();
      } else if (!visible()) {
        times.hidden = performance.now();
        clearInterval(timer);
      }
    }, 50);
  });
  await page.reload();
  await expect(overlay(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue Anyway' })).toBeVisible();
  await expect(overlay(page)).toBeHidden({ timeout: 20_000 });
  const { shown = 0, hidden = 0 } = await page.evaluate(
    () => (window as unknown as { overlayTimes: { shown?: number; hidden?: number } }).overlayTimes,
  );
  expect(hidden - shown).toBeGreaterThan(9_000);
  await expect(frameElement).toBeVisible();
});

test('export downloads the diagram as SVG and PNG', async ({ page, server }) => {
  await openDiagrams(page, server);
  await expect(editor(page).locator('#status')).toHaveText('loaded');
  await editor(page).getByRole('button', { name: 'Draw a box' }).click();

  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export SVG' }).click(),
  ]);
  expect(svg.suggestedFilename()).toBe('Default Diagram.svg');
  expect(readFileSync(await svg.path(), 'utf8')).toBe(
    '<svg xmlns="http://www.w3.org/2000/svg"><text>1 boxes</text></svg>',
  );

  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export PNG' }).click(),
  ]);
  expect(png.suggestedFilename()).toBe('Default Diagram.png');
  expect(readFileSync(await png.path())).toEqual(Buffer.from(PNG_BASE64, 'base64'));
  await expect(page.getByRole('button', { name: 'Export PNG' })).toBeEnabled();
});

test('the server stores no diagram plaintext', async ({ browser }) => {
  test.setTimeout(90_000);
  const server = await startServer();
  const secretName = 'Zebra migration architecture';
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const member = await openDiagrams(page, server);
    await expect(editor(page).locator('#status')).toHaveText('loaded');
    await createDiagram(page, secretName);
    await drawAndSave(page);
    await context.close();

    await server.stop({ keepData: true });
    const rows = await dumpDatabase(server.dataDir);
    expect(rows.some((row) => row.includes('diagrams'))).toBe(true);
    for (const text of [
      secretName,
      BOX_LABEL,
      'Default Diagram',
      'Welcome to Diagrams',
      'mxGraphModel',
      'mxCell',
      member.spaceKey,
    ]) {
      expect(rows.filter((row) => row.includes(text))).toEqual([]);
    }
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});
