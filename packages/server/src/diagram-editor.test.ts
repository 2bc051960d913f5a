import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import {
  cspHost,
  diagramEditorCsp,
  drawioPackageDir,
  editorFileManifest,
  prepareEditorIndex,
} from './diagram-editor.ts';
import { EDITOR_FILES_EVENT, editorLoaderScript, WEBRTC_GLOBAL } from './diagram-editor-loader.ts';

const PACKAGE_DIR = drawioPackageDir() ?? '';
const PACKAGE_INDEX = readFileSync(join(PACKAGE_DIR, 'index.html'), 'utf8');

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

describe('editorFileManifest (the files the app hands the editor)', () => {
  const manifest = editorFileManifest(PACKAGE_INDEX, PACKAGE_DIR);

  it("names draw.io's start-up scripts, its stylesheets in order and the texts", () => {
    expect(manifest.scripts).toEqual([
      'js/PreConfig.js',
      'js/app.min.js',
      'js/PostConfig.js',
      'js/extensions.min.js',
      'js/stencils.min.js',
      'js/shapes-14-6-5.min.js',
    ]);
    expect(manifest.styles).toEqual([
      'js/croppie/croppie.min.css',
      'styles/grapheditor.css',
      'mxgraph/css/common.css',
    ]);
    expect(manifest.texts).toEqual({ en: 'resources/dia.txt', de: 'resources/dia_de.txt' });
  });

  it("names each script's SHA-256, as the browser hashes an inline script", () => {
    expect(Object.keys(manifest.hashes)).toEqual(manifest.scripts);
    const text = readFileSync(join(PACKAGE_DIR, 'js/app.min.js'), 'utf8');
    expect(manifest.hashes['js/app.min.js']).toBe(
      createHash('sha256').update(text, 'utf8').digest('base64'),
    );
  });

  it('names only files the package has, below its folder', () => {
    const all = [...manifest.scripts, ...manifest.styles, ...Object.values(manifest.texts)];
    for (const path of all) {
      expect(path, path).toMatch(/^[\w-]+(\/[\w.-]+)+$/);
      expect(existsSync(join(PACKAGE_DIR, path)), path).toBe(true);
    }
  });
});

describe('prepareEditorIndex with the loader', () => {
  const manifest = editorFileManifest(PACKAGE_INDEX, PACKAGE_DIR);

  it("puts the loader first, makes draw.io's bootstrap wait for it and hashes it", () => {
    const index = prepareEditorIndex(PACKAGE_INDEX, manifest);
    const loader = editorLoaderScript(manifest);
    expect(index.html.indexOf(`<script>${loader}</script>`)).toBeLessThan(
      index.html.indexOf('<script type="text/javascript">'),
    );
    expect(index.html).toContain(
      "cipherspaceEditorFiles(function () { mxscript('js/PreConfig.js', loadAppJS); });",
    );
    expect(index.html).not.toMatch(/<link\s+rel="(stylesheet|preconnect)"/);
    expect(index.scriptHashes).toHaveLength(3);
    expect(loader).toContain(JSON.stringify(manifest));
    expect(loader).toContain(EDITOR_FILES_EVENT);
    expect(index.html).toContain('cipherspaceEditorScript(s, src);');
  });

  it('removes WebRTC from the window before anything else', () => {
    const loader = editorLoaderScript(manifest);
    expect(loader.indexOf(WEBRTC_GLOBAL.toString())).toBeGreaterThan(0);
    expect(loader.indexOf(WEBRTC_GLOBAL.toString())).toBeLessThan(loader.indexOf('MANIFEST'));
    for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel']) {
      expect(WEBRTC_GLOBAL.test(name), name).toBe(true);
    }
    expect(WEBRTC_GLOBAL.test('XMLHttpRequest')).toBe(false);
  });

  it('refuses an index.html that is not the one the loader was written for', () => {
    expect(() => prepareEditorIndex('<head></head><body>another editor</body>', manifest)).toThrow(
      /draw.io's index.html has changed/,
    );
  });

  it('leaves the document as it is but for the preconnect hints without a manifest', () => {
    const index = prepareEditorIndex(PACKAGE_INDEX);
    expect(index.html).toBe(PACKAGE_INDEX.replace(/[ \t]*<link rel="preconnect"[^>]*>\r?\n/, ''));
    expect(index.scriptHashes).toHaveLength(2);
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
    // Scripts: the editor's folder and the hashed ones only — no blob: scripts.
    expect(csp).toContain("script-src 127.0.0.1:3000/diagram-editor/ 'sha256-x';");
    expect(csp).not.toContain('blob: ');
    expect(csp).not.toMatch(/script-src[^;]*blob:/);
    expect(csp).toContain('connect-src 127.0.0.1:3000/diagram-editor/resources/;');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('allows no connection at all for an odd Host header', () => {
    expect(diagramEditorCsp('evil; connect-src *', [])).toContain("connect-src 'none';");
  });
});
