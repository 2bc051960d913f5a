/**
 * A stand-in for the diagram editor, which runs at another origin (DIAGRAM_EDITOR_URL): it
 * speaks the editor's embed protocol (configure → init → load) as draw.io does, so the
 * Diagrams screen reaches its normal state instead of waiting for an editor that is not there.
 */
import type { BrowserContext } from '@playwright/test';

import { E2E_DIAGRAM_EDITOR_URL } from './fixtures.ts';

/** The stand-in's page: announces itself, then answers init and load like draw.io. */
export const EDITOR_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Editor</title></head>
<body><script>
  const send = (message) => parent.postMessage(JSON.stringify(message), '*');
  window.addEventListener('message', (event) => {
    if (event.source !== parent) return;
    const message = JSON.parse(event.data);
    if (message.action === 'configure') send({ event: 'init' });
    else if (message.action === 'load') send({ event: 'load', xml: message.xml, scale: 1 });
  });
  send({ event: 'configure' });
</script></body></html>`;

/** Answers every request of `context` to the e2e diagram editor's origin with the stand-in. */
export async function serveStandInDiagramEditor(context: BrowserContext): Promise<void> {
  const origin = new URL(E2E_DIAGRAM_EDITOR_URL).origin;
  await context.route(`${origin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: EDITOR_HTML }),
  );
}
