/**
 * The bundled editor's files, handed to its frame by the app, so that Diagrams works offline.
 *
 * The bundled draw.io runs at an opaque origin, which no service worker controls and whose
 * fetches the browser never keeps. So its loader (packages/server/src/diagram-editor-loader.ts)
 * asks the app for the files it needs at start — `{"event":"cipherspace-editor-files",
 * "paths":[…]}` — and the app, at our own origin, fetches them through its service worker's
 * cache and the HTTP cache and answers with `{ event, files: { [path]: Blob } }`. They are the
 * public files of draw.io; nothing of the space travels this way.
 */
import type { Language } from '../../lib/i18n.ts';
import { editorFrameUrl } from './editor-protocol.ts';
import { EDITOR_BUILD_PARAM } from './editor-url.ts';

/** The `event` of the loader's request and of our answer. */
export const EDITOR_FILES_EVENT = 'cipherspace-editor-files';

/** At most this many files per request (draw.io asks for about 30). */
export const EDITOR_FILES_MAX = 100;

/** A path below the editor's folder: names of letters, digits, `_ . -`, no `..`, no scheme. */
const SAFE_PATH = /^(?!.*(^|\/)\.\.?(\/|$))[\w.-]+(\/[\w.-]+)*$/;

/**
 * The paths the loader asks for in `data` (a message's JSON string), or null when it is not
 * that request or any path is not a plain relative path below the editor's folder.
 */
export function parseEditorFilesRequest(data: unknown): string[] | null {
  if (typeof data !== 'string' || !data.includes(EDITOR_FILES_EVENT)) return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const { event, paths } = message as { event?: unknown; paths?: unknown };
  if (event !== EDITOR_FILES_EVENT || !Array.isArray(paths)) return null;
  if (paths.length > EDITOR_FILES_MAX) return null;
  const valid = paths.every((path) => typeof path === 'string' && SAFE_PATH.test(path));
  return valid ? (paths as string[]) : null;
}

/**
 * Fetches `paths` below the folder of the bundled editor at `editorUrl` (its index address,
 * e.g. `https://host/diagram-editor/?build=14.6.12-…`), each with the editor's build in the
 * query so every cache may keep it; resolves to the files that arrived, by path (a file that
 * failed is left out: the frame then loads it itself). Never rejects.
 */
export async function fetchEditorFiles(
  editorUrl: string,
  paths: readonly string[],
): Promise<Record<string, Blob>> {
  const index = new URL(editorUrl);
  const build = index.searchParams.get(EDITOR_BUILD_PARAM);
  const folder = new URL('./', index);
  const entries = await Promise.all(
    paths.map(async (path): Promise<[string, Blob] | null> => {
      const url = new URL(path, folder);
      if (build !== null) url.searchParams.set(EDITOR_BUILD_PARAM, build);
      try {
        const response = await fetch(url, { credentials: 'same-origin' });
        return response.ok ? [path, await response.blob()] : null;
      } catch {
        return null;
      }
    }),
  );
  return Object.fromEntries(entries.filter((entry) => entry !== null));
}

/**
 * Where the server lists the bundled editor's start-up files, below its folder:
 * `{ build, files: [path…] }` (packages/server/src/diagram-editor.ts `EDITOR_STARTUP_FILES`).
 */
export const EDITOR_STARTUP_FILES = 'startup-files.json';

/** The interface languages whose editor frame is kept for offline starts. */
const FRAME_LANGUAGES: readonly Language[] = ['en', 'de'];

/** What {@link precacheEditor} did, and what is left to the page. */
export interface EditorPrecache {
  /** How many start-up files were fetched now (0: all were kept already, or no list). */
  fetched: number;
  /**
   * The frame addresses (both languages) the page should load once in a frame that runs no
   * script, whenever the server listed this build's files: the browser keeps a frame's document
   * apart from what a page or worker fetches (its HTTP cache key marks subframe documents), so
   * only a frame navigation keeps it — and nothing here can tell whether an earlier sync's page
   * did (it may have been closed, reloaded or taken offline first). Kept, each is answered from
   * the HTTP cache (the build's files are immutable there), so loading them again costs nothing.
   */
  frames: string[];
}

/**
 * Keeps the bundled editor at `editorUrl` (its index address with the build, as in
 * {@link fetchEditorFiles}) in this browser before Diagrams is first opened, so that it starts
 * offline: every start-up file the server lists is fetched through the service worker, whose
 * runtime cache `cipherspace-diagram-editor` keeps it — the very request {@link fetchEditorFiles}
 * makes when the frame asks; what Cache Storage holds already is not fetched again. The frame's own
 * document is the page's to keep ({@link EditorPrecache}`.frames`, on every sync). Nothing to keep
 * (no frames either) when the address has no build or the server lists another build, or no list.
 * Never rejects.
 */
export async function precacheEditor(editorUrl: string): Promise<EditorPrecache> {
  const none: EditorPrecache = { fetched: 0, frames: [] };
  const index = new URL(editorUrl);
  const build = index.searchParams.get(EDITOR_BUILD_PARAM);
  if (build === null) return none;
  const withBuild = (path: string) => {
    const url = new URL(path, new URL('./', index));
    url.searchParams.set(EDITOR_BUILD_PARAM, build);
    return url.href;
  };
  const list = await fetch(withBuild(EDITOR_STARTUP_FILES), { credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .catch(() => null);
  const { build: listed, files } = (list ?? {}) as { build?: unknown; files?: unknown };
  if (listed !== build || !Array.isArray(files)) return none;
  const paths = parseEditorFilesRequest(
    JSON.stringify({ event: EDITOR_FILES_EVENT, paths: files }),
  );
  if (paths === null) return none;
  const fetched = await Promise.all(
    paths.map(withBuild).map(async (url) => {
      if (typeof caches !== 'undefined' && (await caches.match(url).catch(() => undefined)))
        return false;
      try {
        const response = await fetch(url, { credentials: 'same-origin' });
        await response.arrayBuffer();
        return response.ok;
      } catch {
        return false;
      }
    }),
  );
  const source = { kind: 'bundled', url: index.href } as const;
  return {
    fetched: fetched.filter(Boolean).length,
    frames: FRAME_LANGUAGES.map((language) => editorFrameUrl(source, language)),
  };
}
