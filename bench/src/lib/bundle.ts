/**
 * Bundles a browser entry with esbuild — the copy Vite uses (resolved through the web package),
 * since the benchmarks add no dependency of their own for it.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The part of esbuild's API used here. */
interface Esbuild {
  build(options: {
    entryPoints: string[];
    outfile: string;
    bundle: boolean;
    format: 'esm';
    platform: 'browser';
    target: string;
    minify: boolean;
    logLevel: 'silent' | 'error';
  }): Promise<{ errors: unknown[] }>;
}

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

async function loadEsbuild(): Promise<Esbuild> {
  const fromWeb = createRequire(join(REPO_ROOT, 'packages/web/package.json'));
  const fromVite = createRequire(fromWeb.resolve('vite/package.json'));
  const entry = fromVite.resolve('esbuild');
  const loaded = (await import(pathToFileURL(entry).href)) as Esbuild | { default: Esbuild };
  return 'build' in loaded ? loaded : loaded.default;
}

/** Bundles `entry` (TypeScript) with its imports into one minified ES module at `outfile`. */
export async function bundleForBrowser(entry: string, outfile: string): Promise<void> {
  const esbuild = await loadEsbuild();
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    logLevel: 'error',
  });
}
