import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import {
  escapeHtmlAttribute,
  isHashedAsset,
  readWebIndex,
  withDiagramEditorUrl,
} from './web-app.ts';

const PLACEHOLDER = '<meta name="cipherspace-diagram-editor" content="" />';

describe('escapeHtmlAttribute', () => {
  it('escapes the characters that could end or break out of a quoted attribute', () => {
    expect(escapeHtmlAttribute(`a&b"c'd<e>f`)).toBe('a&amp;b&quot;c&#39;d&lt;e&gt;f');
    expect(escapeHtmlAttribute('https://embed.diagrams.net')).toBe('https://embed.diagrams.net');
  });
});

describe('withDiagramEditorUrl', () => {
  it('fills the placeholder with the escaped URL and leaves the rest alone', () => {
    const html = `<head>\n    ${PLACEHOLDER}\n    <title>x</title>\n</head>`;
    expect(withDiagramEditorUrl(html, 'https://draw.example.com/?a=1&b=2')).toBe(
      '<head>\n    <meta name="cipherspace-diagram-editor" content="https://draw.example.com/?a=1&amp;b=2" />\n    <title>x</title>\n</head>',
    );
  });

  it('cannot be used to inject markup', () => {
    const out = withDiagramEditorUrl(
      `<head>${PLACEHOLDER}</head>`,
      'https://x.example/"><script>alert(1)</script>',
    );
    expect(out).not.toContain('<script>');
    expect(out).toContain(
      'content="https://x.example/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"',
    );
  });

  it('replaces a placeholder whatever its content, and a "$&" in the URL stays literal', () => {
    const html = '<head><meta name="cipherspace-diagram-editor" content="old"></head>';
    expect(withDiagramEditorUrl(html, 'https://x.example/$&')).toBe(
      '<head><meta name="cipherspace-diagram-editor" content="https://x.example/$&amp;" /></head>',
    );
  });

  it('adds the element before </head> when the build has no placeholder', () => {
    expect(
      withDiagramEditorUrl('<html><head><title>x</title></head></html>', 'https://d.example'),
    ).toBe(
      '<html><head><title>x</title>    <meta name="cipherspace-diagram-editor" content="https://d.example" />\n  </head></html>',
    );
    expect(withDiagramEditorUrl('no head', 'https://d.example')).toBe('no head');
  });
});

describe('readWebIndex', () => {
  it('reads index.html and fills in the URL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs-web-index-'));
    try {
      writeFileSync(join(dir, 'index.html'), `<head>${PLACEHOLDER}</head>`);
      expect(readWebIndex(join(dir, 'index.html'), 'https://d.example')).toBe(
        '<head><meta name="cipherspace-diagram-editor" content="https://d.example" /></head>',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('isHashedAsset', () => {
  it.each([
    ['assets/KanbanPage-DZdhJucB.js', true],
    ['assets/index-9PBeYQX8.css', true],
    ['assets\\App-sNmyCxom.js.map', true],
    ['favicon.svg', false],
    ['index.html', false],
    ['assets', false],
    ['assets/nested/x.js', false],
    ['../assets/x.js', false],
  ])('%s → %s', (path, expected) => {
    expect(isHashedAsset(path)).toBe(expected);
  });
});
