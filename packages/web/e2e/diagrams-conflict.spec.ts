/**
 * Two members drawing the same diagram (spec §3 Diagram version, §4 Diagrams, §4 version
 * conflict; the Diagrams tool has no live updates) in two browser contexts against a real
 * server: bob saves a drawing, then alice — who opened the diagram before — saves another. She
 * is asked instead of overwriting bob's, and each choice does what it says: Keep both (two
 * diagrams; bob's drawing intact after a reload), Overwrite (hers after a reload), Reload theirs
 * (bob's in her editor). The editor here (DIAGRAM_EDITOR_URL, answered by the test) is a small
 * fake that speaks draw.io's embed protocol: it shows what it was loaded with and saves a drawing
 * with a box labelled as the test asks — it starts at once, so all three choices are covered
 * cheaply. diagrams-conflict-drawio.spec.ts plays Keep both and Reload theirs with the real
 * draw.io the server bundles.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';

import { E2E_DIAGRAM_EDITOR_URL, expect, test, type ServerProcess } from './fixtures.ts';
import { setUpSpace, signIn, type Member } from './support.ts';

const EDITOR_ORIGIN = new URL(E2E_DIAGRAM_EDITOR_URL).origin;
const THEIRS = 'Box by bob';
const MINE = 'Box by alice';

/** The fake editor: configure → init, shows each loaded drawing, `draw(label)` saves a box. */
const EDITOR_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>Fake diagram editor</title></head>
<body>
<p id="status">starting</p>
<pre id="xml"></pre>
<script>
  let xml = '';
  const send = (message) => parent.postMessage(JSON.stringify(message), '*');
  const show = (status) => {
    document.getElementById('status').textContent = status;
    document.getElementById('xml').textContent = xml;
  };
  window.addEventListener('message', (event) => {
    if (event.source !== parent) return;
    const message = JSON.parse(event.data);
    if (message.action === 'configure') send({ event: 'init' });
    else if (message.action === 'load') {
      xml = message.xml;
      show('loaded');
      send({ event: 'load', xml, scale: 1 });
    }
  });
  window.draw = (label) => {
    xml = xml.replace('</root>', '<mxCell id="' + label.replace(/ /g, '-') + '" value="' + label +
      '" vertex="1" parent="1"><mxGeometry x="40" y="40" width="120" height="60" as="geometry"/></mxCell></root>');
    show('drawn');
    send({ event: 'autosave', xml });
    send({ event: 'save', xml });
  };
  send({ event: 'configure' });
</script>
</body></html>`;

interface MemberPage {
  page: Page;
  context: BrowserContext;
}

/** `member` in a browser context of their own on /tools/diagrams, the editor loaded. */
async function openDiagrams(
  browser: Browser,
  server: Pick<ServerProcess, 'url'>,
  member: Member,
): Promise<MemberPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route(`${EDITOR_ORIGIN}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: EDITOR_HTML }),
  );
  const page = await context.newPage();
  await signIn(page, server, member, '/tools/diagrams');
  await expect(page.getByRole('heading', { level: 1, name: 'Diagrams' })).toBeVisible();
  await expect(editor(page).locator('#status')).toHaveText('loaded');
  return { page, context };
}

const editor = (page: Page) => page.frameLocator('iframe[title="Diagram editor"]');
const statusBar = (page: Page) => page.getByRole('group', { name: 'Diagram status' });
const select = (page: Page) => page.getByLabel('Current diagram');
const conflictDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Diagram changed by another member' });

/** Draws a box labelled `label` in `page`'s editor and saves it. */
async function drawAndSave(page: Page, label: string): Promise<void> {
  const frame = page
    .frames()
    .find((candidate) => candidate.url().startsWith(`${E2E_DIAGRAM_EDITOR_URL}?`));
  if (!frame) throw new Error('no editor frame');
  await frame.evaluate(
    (text) => (window as unknown as { draw: (l: string) => void }).draw(text),
    label,
  );
}

/**
 * Both open the default diagram; bob saves his box; alice, still on the version she opened,
 * saves hers and is asked. Returns both pages.
 */
async function conflict(browser: Browser, server: Pick<ServerProcess, 'url'>) {
  const [alice, bob] = await setUpSpace(server, ['alice', 'bob'], { prefix: 'DiagramConflict' });
  if (!alice || !bob) throw new Error('space set-up failed');
  const a = await openDiagrams(browser, server, alice);
  const b = await openDiagrams(browser, server, bob);

  await drawAndSave(b.page, THEIRS);
  await expect(statusBar(b.page)).toContainText('Last saved: just now');
  await expect(statusBar(b.page)).not.toContainText('You have unsaved changes');

  await drawAndSave(a.page, MINE);
  const dialog = conflictDialog(a.page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'bob saved the diagram "Default Diagram" since you opened it. Your drawing is not saved yet.',
  );
  // Nothing decided yet: her drawing is still in her editor, his is what is stored.
  await expect(editor(a.page).locator('#xml')).toContainText(MINE);
  await expect(editor(a.page).locator('#xml')).not.toContainText(THEIRS);
  await expect(statusBar(a.page)).toContainText('You have unsaved changes');
  return { a, b };
}

async function closeAll(...pages: MemberPage[]) {
  for (const { context } of pages) await context.close();
}

test('Keep both: bob’s drawing stays, alice’s becomes a second diagram', async ({
  browser,
  server,
}) => {
  const { a, b } = await conflict(browser, server);
  try {
    await conflictDialog(a.page).getByRole('button', { name: 'Keep both' }).click();
    await expect(conflictDialog(a.page)).toBeHidden();
    await expect(select(a.page).locator('option:checked')).toHaveText(
      'Default Diagram (copy by alice)',
    );
    await expect(statusBar(a.page)).toContainText('2 diagrams');
    await expect(editor(a.page).locator('#xml')).toContainText(MINE);

    // After a reload both are there, each with its own drawing.
    await a.page.reload();
    await expect(editor(a.page).locator('#status')).toHaveText('loaded');
    await expect(statusBar(a.page)).toContainText('2 diagrams');
    await select(a.page).selectOption({ label: 'Default Diagram' });
    await expect(editor(a.page).locator('#xml')).toContainText(THEIRS);
    await expect(editor(a.page).locator('#xml')).not.toContainText(MINE);
    await select(a.page).selectOption({ label: 'Default Diagram (copy by alice)' });
    await expect(editor(a.page).locator('#xml')).toContainText(MINE);
    await expect(editor(a.page).locator('#xml')).not.toContainText(THEIRS);

    // Bob's screen, refreshed, still has his drawing where he left it.
    await b.page.getByRole('button', { name: /Refresh/ }).click();
    await expect(statusBar(b.page)).toContainText('2 diagrams');
    await expect(select(b.page).locator('option:checked')).toHaveText('Default Diagram');
    await expect(editor(b.page).locator('#xml')).toContainText(THEIRS);
    await expect(editor(b.page).locator('#xml')).not.toContainText(MINE);
  } finally {
    await closeAll(a, b);
  }
});

test('Overwrite: alice’s drawing replaces bob’s', async ({ browser, server }) => {
  const { a, b } = await conflict(browser, server);
  try {
    await conflictDialog(a.page).getByRole('button', { name: 'Overwrite' }).click();
    await expect(conflictDialog(a.page)).toBeHidden();
    await expect(statusBar(a.page)).not.toContainText('You have unsaved changes');

    await a.page.reload();
    await expect(editor(a.page).locator('#status')).toHaveText('loaded');
    await expect(statusBar(a.page)).toContainText('1 diagram');
    await expect(editor(a.page).locator('#xml')).toContainText(MINE);
    await expect(editor(a.page).locator('#xml')).not.toContainText(THEIRS);
  } finally {
    await closeAll(a, b);
  }
});

test('Reload theirs: bob’s drawing comes into alice’s editor, hers is dropped', async ({
  browser,
  server,
}) => {
  const { a, b } = await conflict(browser, server);
  try {
    await conflictDialog(a.page).getByRole('button', { name: 'Reload theirs' }).click();
    await expect(conflictDialog(a.page)).toBeHidden();
    await expect(editor(a.page).locator('#xml')).toContainText(THEIRS);
    await expect(editor(a.page).locator('#xml')).not.toContainText(MINE);

    await a.page.reload();
    await expect(editor(a.page).locator('#status')).toHaveText('loaded');
    await expect(statusBar(a.page)).toContainText('1 diagram');
    await expect(editor(a.page).locator('#xml')).toContainText(THEIRS);
    await expect(editor(a.page).locator('#xml')).not.toContainText(MINE);
  } finally {
    await closeAll(a, b);
  }
});
