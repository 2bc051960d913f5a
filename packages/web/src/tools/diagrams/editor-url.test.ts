import { afterEach, describe, expect, it } from 'vitest';

import { DEFAULT_DIAGRAM_EDITOR_URL, readDiagramEditorUrl } from './editor-url.ts';

function withMeta(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('x');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'cipherspace-diagram-editor';
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

describe('readDiagramEditorUrl', () => {
  afterEach(() => {
    document.head.querySelector('meta[name="cipherspace-diagram-editor"]')?.remove();
  });

  it('reads the URL the server filled in', () => {
    expect(readDiagramEditorUrl(withMeta('https://draw.example.com/drawio/?ui=min'))).toBe(
      'https://draw.example.com/drawio/?ui=min',
    );
  });

  it.each([
    ['no element (vite dev)', null],
    ['the empty placeholder', ''],
    ['not a URL', 'embed.diagrams.net'],
    ['not https', 'http://draw.example.com'],
    ['a script URL', 'javascript:alert(1)'],
  ])('falls back to the default for %s', (_case, content) => {
    expect(readDiagramEditorUrl(withMeta(content))).toBe(DEFAULT_DIAGRAM_EDITOR_URL);
  });

  it('reads the current document by default', () => {
    expect(readDiagramEditorUrl()).toBe('https://embed.diagrams.net');
    const meta = document.createElement('meta');
    meta.name = 'cipherspace-diagram-editor';
    meta.content = ' https://self.example ';
    document.head.append(meta);
    expect(readDiagramEditorUrl()).toBe('https://self.example');
  });
});
