import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

import { describe, expect, it } from 'vitest';

import { TOOL_PATHS } from './router.tsx';
import { largestFirst } from '../../screen-preloads.config.ts';
import { APP_MODULE, SCREEN_MODULES } from './screen-modules.ts';

/** The modules router.tsx loads lazily, as paths relative to the web package. */
function routerModules(): string[] {
  const source = readFileSync(join(import.meta.dirname, 'router.tsx'), 'utf8');
  return [...source.matchAll(/import\('(\.\.?\/[^']+)'\)/g)].map((match) =>
    posix.join('src/app', match[1] ?? ''),
  );
}

describe("the screens' modules the build preloads per route (first render)", () => {
  it('are exactly the screens the router loads (the unknown-tool screen has no route)', () => {
    const listed = new Set(Object.values(SCREEN_MODULES));
    const loaded = routerModules().filter((module) => !module.endsWith('ToolUnavailablePage.tsx'));
    expect(loaded.length).toBeGreaterThan(10);
    expect(new Set(loaded)).toEqual(listed);
  });

  it('name a screen for every tool route, and the app module main.tsx loads', () => {
    for (const tool of TOOL_PATHS) expect(SCREEN_MODULES[`/tools/${tool}`]).toBeDefined();
    const main = readFileSync(join(import.meta.dirname, '..', 'main.tsx'), 'utf8');
    expect(main).toContain(`import('./${posix.relative('src', APP_MODULE)}')`);
  });
});

describe("the order of a route's preloaded files (screen-preloads.config.ts)", () => {
  const sizes: Record<string, number> = {
    'a.js': 300,
    'b.js': 154_000,
    'c.css': 6_000,
    'd.js': 300,
  };
  const sizeOf = (file: string) => sizes[file] ?? 0;

  it('is largest first, so the large chunks start streaming at once', () => {
    expect(largestFirst(['a.js', 'b.js', 'c.css', 'd.js'], sizeOf)).toEqual([
      'b.js',
      'c.css',
      'a.js',
      'd.js',
    ]);
  });

  it('keeps files of equal size in the order they came in', () => {
    expect(largestFirst(['d.js', 'a.js'], sizeOf)).toEqual(['d.js', 'a.js']);
  });
});
