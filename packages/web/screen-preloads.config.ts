/**
 * Writes `screen-preloads.json` into the build: for each route of src/app/screen-modules.ts, the
 * JavaScript files its first render needs beyond what index.html already loads — the app's chunk
 * (main.tsx imports it after its start-up checks), the screen's chunk and every chunk those import
 * statically — and the stylesheets of those chunks, as absolute URLs, e.g.
 * `{ "/tools/kanban": ["/assets/Bx1.js", "/assets/KanbanPage-C2y.js", …] }`. The server puts them
 * into the page it sends for that route as `<link rel="modulepreload">`. Each route's files are
 * listed largest first: the browser asks for them in that order over its six HTTP/1.1 connections,
 * so the large chunks (which V8 parses while they stream in) start at once and the small ones fill
 * in beside them, instead of the largest arriving last (measured on the first render of a
 * 1,000-card board opened by its address, builds taking turns — see bench/RESULTS.md). The build
 * fails when a listed module is not a lazily loaded chunk of the bundle.
 */
import { relative } from 'node:path';

import type { Plugin } from 'vite';

import { APP_MODULE, SCREEN_MODULES } from './src/app/screen-modules.ts';

/** The file the server reads (packages/server/src/web-app.ts). */
export const SCREEN_PRELOADS_FILE = 'screen-preloads.json';

/**
 * `files` (names in the bundle) largest first by `sizeOf` (bytes); files of equal size keep their
 * order (the sort is stable).
 */
export function largestFirst(files: readonly string[], sizeOf: (file: string) => number): string[] {
  return [...files].sort((a, b) => sizeOf(b) - sizeOf(a));
}

interface ChunkInfo {
  fileName: string;
  imports: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The files `start` needs (itself and its static imports, recursively) in load order, leaving out
 * `loaded`; `chunks` maps a file name to its chunk.
 */
function closure(
  start: string,
  chunks: ReadonlyMap<string, ChunkInfo>,
  loaded: ReadonlySet<string>,
): string[] {
  const files: string[] = [];
  const seen = new Set<string>(loaded);
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    files.push(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(start);
  return files;
}

export function screenPreloads(root: string = import.meta.dirname): Plugin {
  return {
    name: 'cipherspace-screen-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      const byModule = new Map<string, string>();
      const entries: string[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, output);
        if (output.isEntry) entries.push(output.fileName);
        if (output.isDynamicEntry && output.facadeModuleId)
          byModule.set(relative(root, output.facadeModuleId), output.fileName);
      }
      const fileOf = (module: string): string => {
        const file = byModule.get(module);
        if (!file) throw new Error(`screen-preloads: ${module} is not a lazily loaded chunk`);
        return file;
      };
      // index.html loads the entry and, as modulepreload, everything it imports statically.
      const entryFiles = new Set(entries.flatMap((entry) => closure(entry, chunks, new Set())));
      const app = closure(fileOf(APP_MODULE), chunks, entryFiles);
      const sizeOf = (fileName: string): number => {
        const output = bundle[fileName];
        if (!output) return 0;
        if (output.type === 'chunk') return Buffer.byteLength(output.code);
        return typeof output.source === 'string'
          ? Buffer.byteLength(output.source)
          : output.source.byteLength;
      };
      const preloads: Record<string, string[]> = {};
      for (const [route, module] of Object.entries(SCREEN_MODULES)) {
        const files = [...app];
        files.push(...closure(fileOf(module), chunks, new Set([...entryFiles, ...files])));
        // The stylesheets those chunks bring: Vite's loader waits for them before the screen
        // module runs, and asks for them only then.
        const styles = new Set(
          files.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]),
        );
        preloads[route] = largestFirst([...files, ...styles], sizeOf).map((file) => `/${file}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: SCREEN_PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}
