/**
 * Where the diagram editor comes from (spec §7 Notes: "embedded from an external diagram editor
 * service"; server configuration DIAGRAM_EDITOR_URL). The server writes the configured URL into
 * `index.html` as `<meta name="cipherspace-diagram-editor" content="…">`
 * (packages/server/src/web-app.ts), since the Content-Security-Policy forbids inline script.
 * This is the one place the web app reads it.
 */

/** The editor used when the page names none (the Vite dev server, an old build). */
export const DEFAULT_DIAGRAM_EDITOR_URL = 'https://embed.diagrams.net';

/** The `name` of the meta element the server fills in. */
export const DIAGRAM_EDITOR_META_NAME = 'cipherspace-diagram-editor';

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The configured diagram editor URL from `doc`'s meta element, or
 * {@link DEFAULT_DIAGRAM_EDITOR_URL} when the element is missing, empty or not an https URL
 * (the server only accepts https, so anything else is not its value).
 */
export function readDiagramEditorUrl(doc: Document = document): string {
  const content =
    doc
      .querySelector(`meta[name="${DIAGRAM_EDITOR_META_NAME}"]`)
      ?.getAttribute('content')
      ?.trim() ?? '';
  return isHttpsUrl(content) ? content : DEFAULT_DIAGRAM_EDITOR_URL;
}
