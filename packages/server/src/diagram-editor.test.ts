import { describe, expect, it } from 'vitest';

import { cspHost, diagramEditorCsp, prepareEditorIndex } from './diagram-editor.ts';

describe('prepareEditorIndex', () => {
  it('drops preconnect hints and hashes the inline scripts the browser runs', () => {
    const html = [
      '<head>',
      '\t<script type="text/javascript">var a = 1;</script>',
      '    <link rel="preconnect" href="https://storage.googleapis.com">',
      '<script src="js/app.js"></script>',
      '<script type="text/vbscript">Function x\nEnd Function</script>',
      '</head><body><script>\nmain();\n</script></body>',
    ].join('\n');
    const index = prepareEditorIndex(html);
    expect(index.html).not.toContain('preconnect');
    expect(index.html).toContain('<script src="js/app.js"></script>');
    // sha256('var a = 1;') and sha256('\nmain();\n'), base64.
    expect(index.scriptHashes).toEqual([
      "'sha256-+dZ6udsWxNVoGfScAq7t5IIF5UJb4F6RhjbN6oe1p4w='",
      "'sha256-mOBjBA/hiG7AB9ozempwYIlYXbbA80w4mYYsXsBn+N4='",
    ]);
  });
});

describe('cspHost', () => {
  it.each([
    ['127.0.0.1:3000', '127.0.0.1:3000'],
    ['Cipher.Example.COM', 'cipher.example.com'],
    ['[::1]:8080', '[::1]:8080'],
  ])('accepts the Host header %s', (host, expected) => {
    expect(cspHost(host)).toBe(expected);
  });

  it.each([undefined, '', 'a b', 'x.example; script-src *', 'x.example/path', "'self'"])(
    'refuses %s',
    (host) => {
      expect(cspHost(host)).toBeNull();
    },
  );
});

describe('diagramEditorCsp', () => {
  it('lets the frame reach only the language files of the host it was loaded from', () => {
    const csp = diagramEditorCsp('127.0.0.1:3000', ["'sha256-x'"]);
    expect(csp).toContain("script-src 'self' 'sha256-x';");
    expect(csp).toContain('connect-src 127.0.0.1:3000/diagram-editor/resources/;');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('allows no connection at all for an odd Host header', () => {
    expect(diagramEditorCsp('evil; connect-src *', [])).toContain("connect-src 'none';");
  });
});
