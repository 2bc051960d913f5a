import { describe, expect, it } from 'vitest';

import {
  configureAction,
  dataUriToBlob,
  DIAGRAM_LOADING_TIMEOUT_MS,
  BUNDLED_EDITOR_SANDBOX,
  editorFrameUrl,
  editorOrigin,
  editorSandbox,
  editorTargetOrigin,
  exportAction,
  exportFileName,
  isEditorMessage,
  loadAction,
  parseEditorEvent,
  serializeAction,
} from './editor-protocol.ts';

describe('isEditorMessage (only our editor frame at the configured origin)', () => {
  const frame = { name: 'editor frame' } as unknown as Window;
  const other = { name: 'another window' } as unknown as Window;
  const origin = 'https://embed.diagrams.net';

  it('accepts the configured origin from our frame', () => {
    expect(isEditorMessage({ origin, source: frame }, origin, frame)).toBe(true);
  });

  it.each([
    ['another origin, our frame', { origin: 'https://evil.example', source: frame }],
    ['a look-alike origin', { origin: 'https://embed.diagrams.net.evil.example', source: frame }],
    ['http instead of https', { origin: 'http://embed.diagrams.net', source: frame }],
    ['another port', { origin: 'https://embed.diagrams.net:8443', source: frame }],
    ['our origin, another window', { origin, source: other }],
    ['our origin, no source', { origin, source: null }],
    ['the page itself', { origin: 'http://127.0.0.1:3000', source: other }],
  ])('refuses %s', (_case, event) => {
    expect(isEditorMessage(event, origin, frame)).toBe(false);
  });

  it('refuses everything while there is no frame', () => {
    expect(isEditorMessage({ origin, source: null }, origin, null)).toBe(false);
    expect(isEditorMessage({ origin, source: undefined }, origin, undefined)).toBe(false);
  });

  it("the bundled editor: only the opaque origin 'null', and only from our frame", () => {
    const opaque = editorOrigin({ kind: 'bundled', url: 'http://127.0.0.1:3000/diagram-editor/' });
    expect(opaque).toBe('null');
    expect(isEditorMessage({ origin: 'null', source: frame }, opaque, frame)).toBe(true);
    // Another sandboxed frame has the same opaque origin: only the source tells it apart.
    expect(isEditorMessage({ origin: 'null', source: other }, opaque, frame)).toBe(false);
    // The frame with our own origin would mean the sandbox is gone.
    expect(isEditorMessage({ origin: 'http://127.0.0.1:3000', source: frame }, opaque, frame)).toBe(
      false,
    );
  });
});

describe('the bundled editor', () => {
  const bundled = { kind: 'bundled', url: 'http://127.0.0.1:3000/diagram-editor/' } as const;
  const external = { kind: 'external', url: 'https://embed.diagrams.net' } as const;

  it('runs in a sandbox without allow-same-origin; an external editor in none', () => {
    expect(editorSandbox(bundled)).toBe(BUNDLED_EDITOR_SANDBOX);
    expect(BUNDLED_EDITOR_SANDBOX.split(' ')).toContain('allow-scripts');
    expect(BUNDLED_EDITOR_SANDBOX).not.toContain('allow-same-origin');
    expect(BUNDLED_EDITOR_SANDBOX).not.toContain('allow-popups');
    expect(BUNDLED_EDITOR_SANDBOX).not.toContain('allow-top-navigation');
    expect(editorSandbox(external)).toBeUndefined();
  });

  it("is addressed as '*' (an opaque origin has no name); an external editor by its origin", () => {
    expect(editorTargetOrigin(bundled)).toBe('*');
    expect(editorTargetOrigin(external)).toBe('https://embed.diagrams.net');
  });

  it('gets the parameters that keep draw.io off storage and the network', () => {
    expect(editorFrameUrl(bundled, 'de')).toBe(
      'http://127.0.0.1:3000/diagram-editor/?embed=1&proto=json&spin=1&configure=1&noExitBtn=1&saveAndExit=0&lang=de&mode=device&stealth=1&pwa=0&math=0',
    );
  });
});

describe('editor address', () => {
  it('adds the embed parameters and the language to the configured URL', () => {
    expect(editorFrameUrl({ kind: 'external', url: 'https://embed.diagrams.net' }, 'de')).toBe(
      'https://embed.diagrams.net/?embed=1&proto=json&spin=1&configure=1&noExitBtn=1&saveAndExit=0&lang=de',
    );
  });

  it('keeps a self-hosted path and query, overriding our own parameters', () => {
    const selfHosted = 'https://draw.example.com:8443/drawio/?ui=min&proto=xml';
    expect(editorFrameUrl({ kind: 'external', url: selfHosted }, 'en')).toBe(
      'https://draw.example.com:8443/drawio/?ui=min&proto=json&embed=1&spin=1&configure=1&noExitBtn=1&saveAndExit=0&lang=en',
    );
  });

  it('takes the origin from the URL', () => {
    const selfHosted = 'https://draw.example.com:8443/drawio/?x=1';
    expect(editorOrigin({ kind: 'external', url: selfHosted })).toBe(
      'https://draw.example.com:8443',
    );
    expect(editorOrigin({ kind: 'external', url: 'https://embed.diagrams.net' })).toBe(
      'https://embed.diagrams.net',
    );
  });

  it('spec §9: the overlay waits at most 10 s', () => {
    expect(DIAGRAM_LOADING_TIMEOUT_MS).toBe(10_000);
  });
});

describe('parseEditorEvent', () => {
  const json = (value: unknown) => JSON.stringify(value);

  it.each([
    [{ event: 'configure' }, { event: 'configure' }],
    [{ event: 'init' }, { event: 'init' }],
    [{ event: 'load', xml: '<x/>', scale: 1 }, { event: 'load' }],
    [
      { event: 'autosave', xml: '<a/>', scale: 1 },
      { event: 'autosave', xml: '<a/>' },
    ],
    [
      { event: 'save', xml: '<s/>' },
      { event: 'save', xml: '<s/>', exit: false },
    ],
    [
      { event: 'save', xml: '<s/>', exit: true },
      { event: 'save', xml: '<s/>', exit: true },
    ],
    [
      {
        event: 'export',
        format: 'xmlsvg',
        data: 'data:image/svg+xml;base64,PHN2Zy8+',
        xml: '<x/>',
      },
      { event: 'export', format: 'xmlsvg', data: 'data:image/svg+xml;base64,PHN2Zy8+' },
    ],
    [
      { event: 'exit', modified: true },
      { event: 'exit', modified: true },
    ],
    [{ event: 'exit' }, { event: 'exit', modified: false }],
  ])('%j', (message, expected) => {
    expect(parseEditorEvent(json(message))).toEqual(expected);
  });

  it.each([
    ['an object instead of a JSON string', { event: 'init' }],
    ['no JSON', '{event: init}'],
    ['JSON but no object', json(['init'])],
    ['an unknown event', json({ event: 'prompt' })],
    ['an action (our own message echoed)', json({ action: 'load', xml: '<x/>' })],
    ['save without xml', json({ event: 'save' })],
    ['save with non-string xml', json({ event: 'save', xml: 1 })],
    ['autosave without xml', json({ event: 'autosave' })],
    ['export without data', json({ event: 'export', format: 'png' })],
    ['null', 'null'],
  ])('ignores %s', (_case, data) => {
    expect(parseEditorEvent(data)).toBeNull();
  });
});

describe('actions', () => {
  it('load asks for autosave events and hides Exit and Save-and-Exit', () => {
    expect(JSON.parse(serializeAction(loadAction('<mxGraphModel/>')))).toEqual({
      action: 'load',
      xml: '<mxGraphModel/>',
      autosave: 1,
      modified: 'unsavedChanges',
      noExitBtn: 1,
      saveAndExit: '0',
    });
  });

  it('configure asks for uncompressed XML; export names the format', () => {
    expect(configureAction()).toEqual({ action: 'configure', config: { compressXml: false } });
    expect(exportAction('xmlpng')).toEqual({
      action: 'export',
      format: 'xmlpng',
      spinKey: 'export',
    });
  });
});

/** The bytes of `blob` (jsdom's Blob has no text()/arrayBuffer(); FileReader works). */
function bytesOf(blob: Blob | null): Promise<number[]> {
  if (blob === null) return Promise.reject(new Error('no blob'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve([...new Uint8Array(reader.result as ArrayBuffer)]);
    reader.onerror = () => reject(new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });
}
const textOf = async (blob: Blob | null) => String.fromCharCode(...(await bytesOf(blob)));

describe('dataUriToBlob', () => {
  it('decodes base64 with its type', async () => {
    const blob = dataUriToBlob('data:image/svg+xml;base64,PHN2Zy8+');
    expect(blob?.type).toBe('image/svg+xml');
    expect(await textOf(blob)).toBe('<svg/>');
  });

  it('keeps binary bytes', async () => {
    const blob = dataUriToBlob('data:image/png;base64,iVBORw0KGgo=');
    expect(blob?.type).toBe('image/png');
    expect(await bytesOf(blob)).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('decodes percent-encoded text and defaults the type', async () => {
    const blob = dataUriToBlob('data:,a%20b');
    expect(blob?.type).toBe('text/plain');
    expect(await textOf(blob)).toBe('a b');
  });

  it.each(['', 'https://x.example/a.png', 'data:image/png;base64', 'data:image/png;base64,%%%'])(
    'refuses %j',
    (uri) => {
      expect(dataUriToBlob(uri)).toBeNull();
    },
  );
});

describe('exportFileName', () => {
  it.each([
    ['Architecture', 'xmlsvg', 'Architecture.svg'],
    ['Architecture', 'xmlpng', 'Architecture.png'],
    ['a/b\\c:d*e?f"g<h>i|j', 'xmlsvg', 'a_b_c_d_e_f_g_h_i_j.svg'],
    ['  Flow\n', 'xmlpng', 'Flow_.png'],
    ['   ', 'xmlsvg', 'diagram.svg'],
  ] as const)('%j as %s → %s', (name, format, expected) => {
    expect(exportFileName(name, format)).toBe(expected);
  });
});
