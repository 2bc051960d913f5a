/**
 * Guards the one visual language: the design tokens live in src/tokens.css,
 * imported once by styles.css, and every other stylesheet under src/ uses them — no colour
 * literal, no font size and no border radius outside the token file, and no reference to a custom
 * property that is not defined anywhere (a typo would silently drop the declaration).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;
const TOKEN_FILE = 'tokens.css';

/**
 * Justified exceptions: `{ file, literal, reason }`, file relative to src/. A colour that is data
 * (a pinboard note's colour, a phase colour) is set inline from the content, not in a stylesheet,
 * so none is needed today; add one here, with its reason, only for a value that cannot be a token.
 */
const ALLOWED: readonly { file: string; literal: string; reason: string }[] = [];

/** Every .css file under src/, as paths relative to src/ (sorted). */
function cssFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'paraglide' ? [] : cssFiles(path);
      return entry.name.endsWith('.css') ? [relative(SRC, path)] : [];
    })
    .sort();
}

/** The declarations of a stylesheet without comments: `{ line, property, value }`, 1-based lines. */
function declarations(file: string): { line: number; property: string; value: string }[] {
  const text = readFileSync(join(SRC, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, (comment) =>
    comment.replace(/[^\n]/g, ' '),
  );
  const found: { line: number; property: string; value: string }[] = [];
  const pattern = /(?<=[{;]\s*)(--[\w-]+|[a-z-]+)\s*:\s*([^;{}]+);/g;
  for (const match of text.matchAll(pattern)) {
    const line = text.slice(0, match.index).split('\n').length;
    found.push({ line, property: match[1] ?? '', value: (match[2] ?? '').trim() });
  }
  return found;
}

const COLOUR_LITERAL =
  /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|\b(?:white|black)\b/i;

function allowed(file: string, value: string): boolean {
  return ALLOWED.some((entry) => entry.file === file && value.includes(entry.literal));
}

describe('design tokens', () => {
  const files = cssFiles();
  const styled = files.filter((file) => file !== TOKEN_FILE);

  it('finds the token file and the stylesheets of the screens and tools', () => {
    expect(files).toContain(TOKEN_FILE);
    expect(files).toContain('styles.css');
    expect(styled.filter((file) => file.startsWith('tools/')).length).toBeGreaterThanOrEqual(8);
  });

  it('imports the token file exactly once, at the top of styles.css', () => {
    const imports = files.flatMap((file) =>
      [...readFileSync(join(SRC, file), 'utf8').matchAll(/@import\s+['"]\.\/tokens\.css['"]/g)].map(
        () => file,
      ),
    );
    expect(imports).toEqual(['styles.css']);
  });

  it('has no colour literal outside the token file', () => {
    const offenders = styled.flatMap((file) =>
      declarations(file)
        .filter(({ value }) => COLOUR_LITERAL.test(value) && !allowed(file, value))
        .map(({ line, property, value }) => `${file}:${line} ${property}: ${value}`),
    );
    expect(offenders).toEqual([]);
  });

  it('takes every font size from the type scale', () => {
    const offenders = styled.flatMap((file) =>
      declarations(file)
        .filter(({ property }) => property === 'font-size')
        .filter(({ value }) => !/^(var\(--font-size-[\w-]+\)|inherit)$/.test(value))
        .map(({ line, value }) => `${file}:${line} font-size: ${value}`),
    );
    expect(offenders).toEqual([]);
  });

  it('takes every border radius from the radius tokens', () => {
    const offenders = styled.flatMap((file) =>
      declarations(file)
        .filter(({ property }) => /^border(-[a-z]+)*-radius$/.test(property))
        .filter(({ value }) =>
          value.split(/\s+/).some((part) => !/^(var\(--radius(-[\w-]+)?\)|0|inherit)$/.test(part)),
        )
        .map(({ line, property, value }) => `${file}:${line} ${property}: ${value}`),
    );
    expect(offenders).toEqual([]);
  });

  it('refers only to custom properties that are defined (or have a fallback)', () => {
    const defined = new Set(
      files.flatMap((file) =>
        declarations(file)
          .map(({ property }) => property)
          .filter((property) => property.startsWith('--')),
      ),
    );
    const offenders = files.flatMap((file) =>
      declarations(file).flatMap(({ line, value }) =>
        [...value.matchAll(/var\((--[\w-]+)\s*(,)?/g)]
          .filter((match) => match[2] === undefined && !defined.has(match[1] ?? ''))
          .map((match) => `${file}:${line} ${match[1] ?? ''}`),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
