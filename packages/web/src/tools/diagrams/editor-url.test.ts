import { afterEach, describe, expect, it } from 'vitest';

import { BUNDLED_DIAGRAM_EDITOR_PATH, readDiagramEditor } from './editor-url.ts';

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

const BUNDLED = {
  kind: 'bundled',
  url: new URL(BUNDLED_DIAGRAM_EDITOR_PATH, window.location.href).href,
};

describe('readDiagramEditor', () => {
  afterEach(() => {
    document.head.querySelector('meta[name="cipherspace-diagram-editor"]')?.remove();
  });

  it('reads the external URL the server filled in', () => {
    expect(readDiagramEditor(withMeta('https://draw.example.com/drawio/?ui=min'))).toEqual({
      kind: 'external',
      url: 'https://draw.example.com/drawio/?ui=min',
    });
  });

  it('reads the bundled editor’s path with its build, on our own origin', () => {
    expect(readDiagramEditor(withMeta('/diagram-editor/?build=14.6.12-0123456789ab'))).toEqual({
      kind: 'bundled',
      url: `${window.location.origin}/diagram-editor/?build=14.6.12-0123456789ab`,
    });
  });

  it.each([
    ['no element (vite dev)', null],
    ['a path elsewhere on our server', '/api/health'],
    ['the empty placeholder (DIAGRAM_EDITOR_URL unset)', ''],
    ['not a URL', 'embed.diagrams.net'],
    ['not https', 'http://draw.example.com'],
    ['a script URL', 'javascript:alert(1)'],
  ])('takes the bundled editor on our own origin for %s', (_case, content) => {
    expect(readDiagramEditor(withMeta(content))).toEqual(BUNDLED);
  });

  it('reads the current document by default', () => {
    expect(readDiagramEditor()).toEqual(BUNDLED);
    expect(BUNDLED.url).toBe(`${window.location.origin}/diagram-editor/`);
    const meta = document.createElement('meta');
    meta.name = 'cipherspace-diagram-editor';
    meta.content = ' https://self.example ';
    document.head.append(meta);
    expect(readDiagramEditor()).toEqual({ kind: 'external', url: 'https://self.example' });
  });
});
