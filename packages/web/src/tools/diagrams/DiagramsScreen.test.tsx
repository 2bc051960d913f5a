/**
 * The Diagrams screen in jsdom with the real sync engine and domain, an in-memory server
 * and the editor frame's side of the window-message protocol played by the test: dialogs, the
 * enable/disable rules, saving drawings (and reverting a failed save), unsaved changes, the
 * status bar's texts, the overlay's 10 s hide, and that only our editor frame is listened to.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';

import { tools } from '@cipherspace/tools';
import {
  BLANK_DIAGRAM_XML,
  WELCOME_DIAGRAM_XML,
  type DiagramCollection,
  type DiagramOperation,
} from '@cipherspace/tools/diagrams';
import { renderWithApp } from '../../testing/render.tsx';
import {
  SyncClient,
  VersionConflictError,
  type ContentCodec,
  type ContentTransport,
  type StoredContent,
} from '@cipherspace/sync';
import { DiagramsScreen } from './DiagramsScreen.tsx';
import type { DiagramEditorSource } from './editor-url.ts';

// Most tests drive an external editor (DIAGRAM_EDITOR_URL); the bundled one has its own test.
const EDITOR: DiagramEditorSource = { kind: 'external', url: 'https://embed.diagrams.net' };
const EDITOR_ORIGIN = 'https://embed.diagrams.net';
const BUNDLED: DiagramEditorSource = {
  kind: 'bundled',
  url: `${window.location.origin}/diagram-editor/`,
};

/** The server side: one stored record, optimistic versions, and a switch to fail the next save. */
class MemoryServer implements ContentTransport {
  stored: StoredContent | null = null;
  failNextSave = false;

  load(): Promise<StoredContent | null> {
    return Promise.resolve(this.stored);
  }

  save(encryptedData: string, baseVersion: number): Promise<number> {
    if (this.failNextSave) {
      this.failNextSave = false;
      return Promise.reject(new Error('network down'));
    }
    if ((this.stored?.version ?? 0) !== baseVersion)
      return Promise.reject(new VersionConflictError());
    this.stored = { encryptedData, version: baseVersion + 1 };
    return Promise.resolve(baseVersion + 1);
  }

  /** The collection as stored. */
  collection(): DiagramCollection {
    if (this.stored === null) throw new Error('nothing stored');
    return JSON.parse(this.stored.encryptedData) as DiagramCollection;
  }
}

// Encryption is not what these tests are about (content-sync engine.int.test.ts covers it).
const jsonCodec: ContentCodec = {
  encrypt: (value) => Promise.resolve(JSON.stringify(value)),
  decrypt: (envelope) => Promise.resolve(JSON.parse(envelope) as unknown),
};

function lifecycleOn(server: MemoryServer) {
  let id = 0;
  return new SyncClient<DiagramCollection, DiagramOperation>({
    domain: tools.diagrams,
    transport: server,
    codec: jsonCodec,
    author: 'ann',
    context: { newId: () => `id-${++id}`, now: () => new Date().toISOString() },
  });
}

function Harness({
  lifecycle,
  editor = EDITOR,
}: {
  lifecycle: SyncClient<DiagramCollection, DiagramOperation>;
  editor?: DiagramEditorSource;
}) {
  const state = useSyncExternalStore(lifecycle.subscribe, lifecycle.getState);
  let next = 0;
  return (
    <DiagramsScreen
      tool={{
        state,
        entry: null,
        perform: (operation) => lifecycle.perform(operation),
        reload: () => void lifecycle.load(),
        undo: () => lifecycle.undo(),
        redo: () => lifecycle.redo(),
        restore: (content) => lifecycle.restore(content),
        // The in-memory server keeps no history (see diagrams-history-preview.test.tsx).
        loadHistory: () => Promise.reject(new Error('no history kept')),
      }}
      username="ann"
      editor={editor}
      newDiagramId={() => `new-${++next}`}
    />
  );
}

/** Renders the screen on a loaded collection (the default one, or `prepare`d further). */
async function setup(
  prepare?: (lifecycle: SyncClient<DiagramCollection, DiagramOperation>) => Promise<void>,
  editor: DiagramEditorSource = EDITOR,
) {
  const server = new MemoryServer();
  const lifecycle = lifecycleOn(server);
  await lifecycle.load();
  if (prepare) await prepare(lifecycle);
  const { unmount } = renderWithApp(
    <Harness lifecycle={lifecycle} editor={editor} />,
    '/tools/diagrams',
  );
  const frame = screen.getByTitle('Diagram editor');
  if (!(frame instanceof HTMLIFrameElement) || frame.contentWindow === null)
    throw new Error('no editor frame');
  const editorWindow = frame.contentWindow;
  const posted = vi.spyOn(editorWindow, 'postMessage');
  return { server, lifecycle, frame, editorWindow, posted, unmount };
}

/** A message as the editor (or, with `from`, someone else) posts it to our page. */
function post(message: unknown, from: { origin: string; source: Window | null }): void {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: typeof message === 'string' ? message : JSON.stringify(message),
        origin: from.origin,
        source: from.source,
      }),
    );
  });
}

/** The actions we sent to the editor frame, parsed, with the target origin each went to. */
function actions(posted: MockInstance): { action: Record<string, unknown>; target: unknown }[] {
  return posted.mock.calls.map((call: unknown[]) => ({
    action: JSON.parse(String(call[0])) as Record<string, unknown>,
    target: call[1],
  }));
}

function lastLoadedXml(posted: MockInstance): unknown {
  return actions(posted)
    .filter(({ action }) => action.action === 'load')
    .at(-1)?.action.xml;
}

/** Plays the editor's start-up: configure handshake, then init. */
function startEditor(editorWindow: Window) {
  const editor = { origin: EDITOR_ORIGIN, source: editorWindow };
  post({ event: 'configure' }, editor);
  post({ event: 'init' }, editor);
  return editor;
}

const overlayText = () => screen.queryByText('Loading diagram editor', { selector: 'p' });

afterEach(() => {
  vi.useRealTimers();
});

describe('Diagrams screen', () => {
  it('shows the header warning, the current diagram, the count and the loading overlay', async () => {
    const { frame } = await setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Diagrams' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.getByRole('note')).toHaveTextContent(
      'This tool uses an external resource: the diagram editor is loaded from embed.diagrams.net.',
    );
    const select = screen.getByLabelText('Current diagram');
    expect(select).toHaveValue('id-2');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Default Diagram']);
    expect(screen.getByRole('group', { name: 'Diagram status' })).toHaveTextContent('1 diagram');
    // The editor frame is hidden behind the overlay until it is ready.
    expect(overlayText()).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Loading diagram editor');
    expect(frame).toHaveClass('diagrams-frame-hidden');
    expect(frame.getAttribute('src')).toBe(
      'https://embed.diagrams.net/?embed=1&proto=json&spin=1&configure=1&noExitBtn=1&saveAndExit=0&lang=en',
    );
    expect(screen.getByRole('button', { name: 'Continue Anyway' })).toBeInTheDocument();
  });

  it('the bundled editor — no external-resource warning, a sandbox without allow-same-origin, messages only from its opaque origin', async () => {
    const { frame, editorWindow, posted } = await setup(undefined, BUNDLED);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByText(/external resource/)).not.toBeInTheDocument();
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-downloads');
    expect(frame.getAttribute('src')).toBe(
      `${window.location.origin}/diagram-editor/?embed=1&proto=json&spin=1&configure=1&noExitBtn=1&saveAndExit=0&lang=en&mode=device&stealth=1&pwa=0&math=0`,
    );
    // Our own origin is not the editor's: with it the sandbox would be gone.
    post({ event: 'configure' }, { origin: window.location.origin, source: editorWindow });
    expect(actions(posted)).toEqual([]);
    const editor = { origin: 'null', source: editorWindow };
    post({ event: 'configure' }, editor);
    post({ event: 'init' }, editor);
    expect(overlayText()).not.toBeInTheDocument();
    expect(actions(posted).map(({ action, target }) => [action.action, target])).toEqual([
      ['configure', '*'],
      ['load', '*'],
    ]);
  });

  it('enables Rename with a current diagram and Delete only with more than one', async () => {
    await setup();
    expect(screen.getByRole('button', { name: /Refresh/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /New/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Rename' })).toBeEnabled();
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('The last diagram cannot be deleted.');
    // Exports wait for the editor.
    expect(screen.getByRole('button', { name: 'Export SVG' })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /New/ }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Diagram' });
    await user.type(within(dialog).getByLabelText('New Diagram Title'), 'Second{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Delete' })).not.toHaveAccessibleDescription();
  });

  it('hides the overlay when the editor says init and loads the current drawing into it', async () => {
    const { frame, editorWindow, posted } = await setup();
    const editor = { origin: EDITOR_ORIGIN, source: editorWindow };
    post({ event: 'configure' }, editor);
    expect(actions(posted)).toEqual([
      { action: { action: 'configure', config: { compressXml: false } }, target: EDITOR_ORIGIN },
    ]);
    expect(overlayText()).toBeInTheDocument();
    post({ event: 'init' }, editor);
    expect(overlayText()).not.toBeInTheDocument();
    expect(frame).not.toHaveClass('diagrams-frame-hidden');
    expect(actions(posted)[1]).toEqual({
      action: {
        action: 'load',
        xml: WELCOME_DIAGRAM_XML,
        autosave: 1,
        modified: 'unsavedChanges',
        noExitBtn: 1,
        saveAndExit: '0',
      },
      target: EDITOR_ORIGIN,
    });
    expect(screen.getByRole('button', { name: 'Export SVG' })).toBeEnabled();
  });

  it('ignores messages from another origin or another window', async () => {
    const { server, editorWindow, posted } = await setup();
    const before = server.stored;
    const other = document.createElement('iframe');
    document.body.append(other);
    const strangers = [
      { origin: 'https://evil.example', source: editorWindow },
      { origin: EDITOR_ORIGIN, source: window },
      { origin: EDITOR_ORIGIN, source: other.contentWindow },
      { origin: EDITOR_ORIGIN, source: null },
      { origin: window.location.origin, source: window },
    ];
    for (const from of strangers) {
      post({ event: 'configure' }, from);
      post({ event: 'init' }, from);
      post({ event: 'save', xml: '<mxGraphModel>evil</mxGraphModel>' }, from);
    }
    expect(overlayText()).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
    // Not JSON, or not an event we know: ignored even from the editor.
    post('not json', { origin: EDITOR_ORIGIN, source: editorWindow });
    post({ event: 'save' }, { origin: EDITOR_ORIGIN, source: editorWindow });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.stored).toBe(before);
    expect(screen.queryByText('You have unsaved changes')).not.toBeInTheDocument();
    other.remove();
  });

  it('saves a drawing the editor saved and reverts the editor when the save fails', async () => {
    const { server, editorWindow, posted } = await setup();
    const editor = startEditor(editorWindow);
    const drawn = WELCOME_DIAGRAM_XML.replace('</root>', '<mxCell id="x" vertex="1"/></root>');
    post({ event: 'save', xml: drawn }, editor);
    await screen.findByText('Last saved: just now');
    expect(server.collection().diagrams[0]).toMatchObject({
      diagramXml: drawn,
      version: 2,
      modifiedBy: 'ann',
    });
    // The editor already shows what it saved: no reload.
    expect(lastLoadedXml(posted)).toBe(WELCOME_DIAGRAM_XML);

    server.failNextSave = true;
    post({ event: 'save', xml: `${drawn} ` }, editor);
    await screen.findByText('Failed to save diagram. Please try again.');
    expect(server.collection().diagrams[0]?.diagramXml).toBe(drawn);
    await waitFor(() => expect(lastLoadedXml(posted)).toBe(drawn));
    expect(screen.queryByText('You have unsaved changes')).not.toBeInTheDocument();
  });

  it('warns about unsaved changes and keeps them when switching diagrams', async () => {
    const { server, editorWindow, posted } = await setup(async (lifecycle) => {
      await lifecycle.perform({
        type: 'createDiagram',
        diagramId: 'second',
        name: 'Second',
        modifiedBy: 'bob',
      });
    });
    const editor = startEditor(editorWindow);
    // The editor echoing the drawing it was given is not a change.
    post({ event: 'autosave', xml: WELCOME_DIAGRAM_XML }, editor);
    expect(screen.queryByText('You have unsaved changes')).not.toBeInTheDocument();
    const draft = WELCOME_DIAGRAM_XML.replace('</root>', '<mxCell id="draft" vertex="1"/></root>');
    post({ event: 'autosave', xml: draft }, editor);
    expect(screen.getByText('You have unsaved changes')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Current diagram'), { target: { value: 'second' } });
    await waitFor(() => expect(lastLoadedXml(posted)).toBe(BLANK_DIAGRAM_XML));
    await screen.findByText('Last saved: just now');
    expect(screen.queryByText('You have unsaved changes')).not.toBeInTheDocument();
    expect(server.collection().diagrams.map((d) => d.diagramXml)).toEqual([
      draft,
      BLANK_DIAGRAM_XML,
    ]);
  });

  it('saves unsaved changes when the page is left (navigation, language switch)', async () => {
    const { server, editorWindow, unmount } = await setup();
    const editor = startEditor(editorWindow);
    const draft = WELCOME_DIAGRAM_XML.replace('</root>', '<mxCell id="left" vertex="1"/></root>');
    post({ event: 'autosave', xml: draft }, editor);
    expect(screen.getByText('You have unsaved changes')).toBeInTheDocument();
    expect(server.collection().diagrams[0]?.diagramXml).toBe(WELCOME_DIAGRAM_XML);

    unmount();
    await waitFor(() => expect(server.collection().diagrams[0]?.diagramXml).toBe(draft));
  });

  it('a save that crosses a switch of diagrams lands on the diagram it was drawn on', async () => {
    const { server, editorWindow, posted } = await setup(async (lifecycle) => {
      await lifecycle.perform({
        type: 'createDiagram',
        diagramId: 'second',
        name: 'Second',
        modifiedBy: 'bob',
      });
    });
    const editor = startEditor(editorWindow);
    post({ event: 'load', xml: WELCOME_DIAGRAM_XML }, editor);
    fireEvent.change(screen.getByLabelText('Current diagram'), { target: { value: 'second' } });
    await waitFor(() => expect(lastLoadedXml(posted)).toBe(BLANK_DIAGRAM_XML));
    // Sent by the editor before it got to the new drawing: it is still the first diagram's.
    const late = WELCOME_DIAGRAM_XML.replace('</root>', '<mxCell id="late" vertex="1"/></root>');
    post({ event: 'save', xml: late }, editor);
    await screen.findByText('Last saved: just now');
    expect(server.collection().diagrams.map((d) => d.diagramXml)).toEqual([
      late,
      BLANK_DIAGRAM_XML,
    ]);
    // Once the editor confirms the new drawing, its saves are the second diagram's.
    post({ event: 'load', xml: BLANK_DIAGRAM_XML }, editor);
    const second = BLANK_DIAGRAM_XML.replace('</root>', '<mxCell id="s" vertex="1"/></root>');
    post({ event: 'save', xml: second }, editor);
    await waitFor(() =>
      expect(server.collection().diagrams.map((d) => d.diagramXml)).toEqual([late, second]),
    );
    expect(lastLoadedXml(posted)).toBe(BLANK_DIAGRAM_XML);
    expect(screen.getByLabelText('Current diagram')).toHaveValue('second');
  });

  it('Refresh reloads from the server and drops unsaved changes', async () => {
    const { server, editorWindow, posted } = await setup();
    const editor = startEditor(editorWindow);
    post({ event: 'autosave', xml: '<mxGraphModel>draft</mxGraphModel>' }, editor);
    // Someone else renames the diagram meanwhile (no live updates in this tool).
    const other = lifecycleOn(server);
    await other.load();
    await other.perform({
      type: 'renameDiagram',
      diagramId: 'id-2',
      name: 'Theirs',
      modifiedBy: 'bob',
    });
    expect(screen.getByRole('option', { name: 'Default Diagram' })).toBeInTheDocument();
    const loadsBefore = actions(posted).filter(({ action }) => action.action === 'load').length;

    await userEvent.setup().click(screen.getByRole('button', { name: /Refresh/ }));
    expect(await screen.findByRole('option', { name: 'Theirs' })).toBeInTheDocument();
    expect(screen.queryByText('You have unsaved changes')).not.toBeInTheDocument();
    // The stored drawing is shown again.
    const loads = actions(posted).filter(({ action }) => action.action === 'load');
    expect(loads.length).toBeGreaterThan(loadsBefore);
    expect(lastLoadedXml(posted)).toBe(WELCOME_DIAGRAM_XML);
  });
});

describe('Diagrams dialogs', () => {
  it('Create: texts, disabled while blank, Enter submits, backdrop, opens the new diagram', async () => {
    const { server, editorWindow, posted } = await setup();
    startEditor(editorWindow);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /New/ }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Diagram' });
    expect(document.querySelector('.dialog-backdrop')).not.toBeNull();
    const field = within(dialog).getByLabelText('New Diagram Title');
    expect(field).toHaveAttribute('placeholder', 'Enter diagram title');
    expect(field).toHaveFocus();
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await user.type(field, '   {Enter}');
    expect(create).toBeDisabled();
    expect(dialog).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '  Architecture {Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(document.querySelector('.dialog-backdrop')).toBeNull();
    expect(screen.getByLabelText('Current diagram')).toHaveValue('new-1');
    expect(screen.getByRole('option', { name: 'Architecture' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Diagram status' })).toHaveTextContent('2 diagrams');
    expect(server.collection().diagrams.map((d) => d.name)).toEqual([
      'Default Diagram',
      'Architecture',
    ]);
    await waitFor(() => expect(lastLoadedXml(posted)).toBe(BLANK_DIAGRAM_XML));
  });

  it('Create and Rename close with Cancel and Escape without saving', async () => {
    const { server } = await setup();
    const before = server.stored;
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /New/ }));
    await user.type(screen.getByLabelText('New Diagram Title'), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(screen.getByRole('dialog', { name: 'Rename Diagram' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.stored).toBe(before);
  });

  it('Rename: starts from the current name, disabled while blank, Enter submits', async () => {
    const { server } = await setup();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Diagram' });
    const field = within(dialog).getByLabelText('New Diagram Name');
    expect(field).toHaveValue('Default Diagram');
    await user.clear(field);
    expect(within(dialog).getByRole('button', { name: 'Rename' })).toBeDisabled();
    await user.type(field, 'Overview{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByRole('option', { name: 'Overview' })).toBeInTheDocument();
    expect(server.collection().diagrams[0]).toMatchObject({ name: 'Overview', modifiedBy: 'ann' });
  });

  it('Undo and Redo in the header take back a rename and make it again', async () => {
    const { server } = await setup();
    const user = userEvent.setup();
    const undo = screen.getByRole('button', { name: 'Undo' });
    const redo = screen.getByRole('button', { name: 'Redo' });
    expect(undo).toBeDisabled();
    expect(redo).toBeDisabled();
    expect(screen.getByRole('button', { name: 'History' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Diagram' });
    await user.clear(within(dialog).getByLabelText('New Diagram Name'));
    await user.type(within(dialog).getByLabelText('New Diagram Name'), 'Overview{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(undo).toBeEnabled());

    await user.click(undo);
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Default Diagram' })).toBeInTheDocument(),
    );
    // Shown first, then saved (the screen paints a change before its snapshot is encrypted).
    await waitFor(() => expect(server.collection().diagrams[0]?.name).toBe('Default Diagram'));
    await waitFor(() => expect(redo).toBeEnabled());

    await user.click(redo);
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Overview' })).toBeInTheDocument(),
    );
    await waitFor(() => expect(server.collection().diagrams[0]?.name).toBe('Overview'));
  });

  it('Delete: asks with the exact texts, deletes, and the last one cannot be deleted', async () => {
    const { server } = await setup(async (lifecycle) => {
      await lifecycle.perform({
        type: 'createDiagram',
        diagramId: 'second',
        name: 'Old plan',
        modifiedBy: 'bob',
      });
    });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Current diagram'), 'second');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Diagram' });
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete the diagram "Old plan"?This action cannot be undone.',
    );
    expect(document.querySelector('.dialog-backdrop')).not.toBeNull();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(screen.getByLabelText('Current diagram')).toHaveValue('id-2');
    expect(screen.getByRole('group', { name: 'Diagram status' })).toHaveTextContent('1 diagram');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(server.collection().diagrams.map((d) => d.name)).toEqual(['Default Diagram']);
  });

  it('tells the user when the diagram was deleted elsewhere before a rename', async () => {
    const { server } = await setup(async (lifecycle) => {
      await lifecycle.perform({
        type: 'createDiagram',
        diagramId: 'second',
        name: 'Doomed',
        modifiedBy: 'bob',
      });
    });
    const other = lifecycleOn(server);
    await other.load();
    await other.perform({ type: 'deleteDiagram', diagramId: 'second', modifiedBy: 'bob' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Current diagram'), 'second');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await user.type(screen.getByLabelText('New Diagram Name'), ' 2{Enter}');
    expect(
      await screen.findByText(
        'Content was modified by another user. Please try your changes again. The latest version has been loaded.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Doomed' })).not.toBeInTheDocument();
  });
});

describe('Diagrams timers', () => {
  it("status bar: 'just now', '1 minute ago', 'N minutes ago'", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { editorWindow } = await setup();
    const editor = startEditor(editorWindow);
    post({ event: 'save', xml: '<mxGraphModel><root/></mxGraphModel>' }, editor);
    const status = screen.getByRole('group', { name: 'Diagram status' });
    await waitFor(() => expect(status).toHaveTextContent('Last saved: just now'));
    // The save's last renders and the effect that starts the refresh interval run first: on a
    // busy machine they may still be pending when the text shows.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(status).toHaveTextContent('Last saved: just now');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(status).toHaveTextContent('Last saved: 1 minute ago');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(status).toHaveTextContent('Last saved: 2 minutes ago');
    act(() => {
      vi.advanceTimersByTime(43 * 60_000);
    });
    expect(status).toHaveTextContent('Last saved: 45 minutes ago');
  });

  it('the overlay hides by itself after 10 s', async () => {
    const server = new MemoryServer();
    const lifecycle = lifecycleOn(server);
    await lifecycle.load();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithApp(<Harness lifecycle={lifecycle} />, '/tools/diagrams');
    act(() => {
      vi.advanceTimersByTime(9_999);
    });
    expect(overlayText()).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(overlayText()).not.toBeInTheDocument();
    expect(screen.getByTitle('Diagram editor')).not.toHaveClass('diagrams-frame-hidden');
  });

  it('Continue Anyway hides the overlay at once', async () => {
    await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Continue Anyway' }));
    expect(overlayText()).not.toBeInTheDocument();
  });
});
