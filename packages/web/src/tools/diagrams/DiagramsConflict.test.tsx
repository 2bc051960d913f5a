/**
 * Two members drawing the same diagram on the Diagrams screen (spec §3 Diagram version, §4
 * Diagrams, §4 version conflict; no live updates in this tool): jsdom with the real content
 * sync engine and domain on an in-memory server, ann's editor frame played by the test, bob as a
 * second sync engine on the same server. A save over bob's newer drawing is never silent: ann
 * chooses keep both / overwrite / reload theirs, and a rival rename shows both names.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { describe, expect, it, vi, type MockInstance } from 'vitest';

import { tools } from '@cipherspace/tools';
import {
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

const EDITOR_ORIGIN = 'https://embed.diagrams.net';
const ID = 'id-2';
const THEIRS = WELCOME_DIAGRAM_XML.replace('</root>', '<mxCell id="theirs" vertex="1"/></root>');
const MINE = WELCOME_DIAGRAM_XML.replace('</root>', '<mxCell id="mine" vertex="1"/></root>');

/** One stored record with optimistic versions (a 409 for a stale base). */
class MemoryServer implements ContentTransport {
  stored: StoredContent | null = null;

  load(): Promise<StoredContent | null> {
    return Promise.resolve(this.stored);
  }

  save(encryptedData: string, baseVersion: number): Promise<number> {
    if ((this.stored?.version ?? 0) !== baseVersion)
      return Promise.reject(new VersionConflictError());
    this.stored = { encryptedData, version: baseVersion + 1 };
    return Promise.resolve(baseVersion + 1);
  }

  collection(): DiagramCollection {
    if (this.stored === null) throw new Error('nothing stored');
    return JSON.parse(this.stored.encryptedData) as DiagramCollection;
  }
}

const jsonCodec: ContentCodec = {
  encrypt: (value) => Promise.resolve(JSON.stringify(value)),
  decrypt: (envelope) => Promise.resolve(JSON.parse(envelope) as unknown),
};

function lifecycleOn(server: MemoryServer, author: string) {
  let id = 0;
  return new SyncClient<DiagramCollection, DiagramOperation>({
    domain: tools.diagrams,
    transport: server,
    codec: jsonCodec,
    author,
    context: { newId: () => `id-${++id}`, now: () => new Date().toISOString() },
  });
}

function Harness({ lifecycle }: { lifecycle: SyncClient<DiagramCollection, DiagramOperation> }) {
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
        loadHistory: () => Promise.reject(new Error('no history kept')),
      }}
      username="ann"
      editor={{ kind: 'external', url: EDITOR_ORIGIN }}
      newDiagramId={() => `new-${++next}`}
    />
  );
}

/** ann's screen with the editor started on the default diagram, and bob on the same server. */
async function setup() {
  const server = new MemoryServer();
  const ann = lifecycleOn(server, 'ann');
  await ann.load();
  const bob = lifecycleOn(server, 'bob');
  await bob.load();
  const { unmount } = renderWithApp(<Harness lifecycle={ann} />, '/tools/diagrams');
  const frame = screen.getByTitle('Diagram editor');
  if (!(frame instanceof HTMLIFrameElement) || frame.contentWindow === null)
    throw new Error('no editor frame');
  const posted = vi.spyOn(frame.contentWindow, 'postMessage');
  const editor = { origin: EDITOR_ORIGIN, source: frame.contentWindow };
  post({ event: 'configure' }, editor);
  post({ event: 'init' }, editor);
  post({ event: 'load' }, editor);
  return { server, bob, editor, posted, unmount };
}

function post(message: unknown, from: { origin: string; source: Window }): void {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: JSON.stringify(message),
        origin: from.origin,
        source: from.source,
      }),
    );
  });
}

function loadedXmls(posted: MockInstance): unknown[] {
  return posted.mock.calls
    .map((call: unknown[]) => JSON.parse(String(call[0])) as Record<string, unknown>)
    .filter((action) => action.action === 'load')
    .map((action) => action.xml);
}

/** bob saves his drawing of the default diagram (opened at version 1, like ann). */
async function bobDraws(bob: SyncClient<DiagramCollection, DiagramOperation>) {
  const result = await bob.perform({
    type: 'updateDiagramXml',
    diagramId: ID,
    diagramXml: THEIRS,
    modifiedBy: 'bob',
    baseVersion: 1,
  });
  expect(result.status).toBe('saved');
}

function storedDiagram(server: MemoryServer, id = ID) {
  return server.collection().diagrams.find((diagram) => diagram.id === id);
}

/** ann saves MINE after bob saved THEIRS: the choice opens, nothing is overwritten yet. */
async function conflictingSave() {
  const context = await setup();
  await bobDraws(context.bob);
  post({ event: 'save', xml: MINE }, context.editor);
  const dialog = await screen.findByRole('dialog', { name: 'Diagram changed by another member' });
  return { ...context, dialog };
}

describe('a drawing saved over by another member (spec §4 version conflict)', () => {
  it('asks instead of overwriting; the editor keeps her drawing; Escape does not dismiss it', async () => {
    const { server, posted, dialog } = await conflictingSave();
    expect(dialog).toHaveTextContent(
      'bob saved the diagram "Default Diagram" since you opened it. Your drawing is not saved yet.',
    );
    expect(within(dialog).getByRole('button', { name: 'Keep both' })).toHaveAccessibleDescription(
      'Their drawing stays; yours is saved as the new diagram "Default Diagram (copy by ann)".',
    );
    expect(storedDiagram(server)).toMatchObject({ diagramXml: THEIRS, modifiedBy: 'bob' });
    expect(server.collection().diagrams).toHaveLength(1);
    // Her drawing stays in the editor: theirs was never loaded over it.
    expect(loadedXmls(posted)).toEqual([WELCOME_DIAGRAM_XML]);
    expect(screen.getByText('You have unsaved changes')).toBeInTheDocument();

    await userEvent.setup().keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Diagram changed by another member' })).toBe(dialog);
  });

  it('Keep both: theirs stays, hers becomes a new diagram that the editor opens', async () => {
    const { server, posted, dialog } = await conflictingSave();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Keep both' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(server.collection().diagrams.map((d) => [d.name, d.diagramXml, d.modifiedBy])).toEqual([
      ['Default Diagram', THEIRS, 'bob'],
      ['Default Diagram (copy by ann)', MINE, 'ann'],
    ]);
    expect(screen.getByLabelText('Current diagram')).toHaveValue('new-1');
    expect(
      screen.getByText('Your drawing was saved as "Default Diagram (copy by ann)".'),
    ).toBeInTheDocument();
    await waitFor(() => expect(loadedXmls(posted).at(-1)).toBe(MINE));
    expect(loadedXmls(posted)).not.toContain(THEIRS);
  });

  it('Overwrite: hers replaces theirs, and her next save needs no choice', async () => {
    const { server, posted, dialog, editor } = await conflictingSave();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(storedDiagram(server)).toMatchObject({
      diagramXml: MINE,
      modifiedBy: 'ann',
      version: 3,
    });
    expect(server.collection().diagrams).toHaveLength(1);
    expect(loadedXmls(posted)).toEqual([WELCOME_DIAGRAM_XML]);

    const again = MINE.replace('</root>', '<mxCell id="again" vertex="1"/></root>');
    post({ event: 'save', xml: again }, editor);
    await waitFor(() => expect(storedDiagram(server)?.diagramXml).toBe(again));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Overwrite after bob saved yet again: asked again, still nothing lost', async () => {
    const { server, bob, dialog } = await conflictingSave();
    await bob.perform({
      type: 'updateDiagramXml',
      diagramId: ID,
      diagramXml: `${THEIRS} `,
      modifiedBy: 'bob',
      baseVersion: 2,
    });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    expect(
      await within(dialog).findByText(
        'The diagram was changed by another member since you opened it',
      ),
    ).toBeInTheDocument();
    expect(storedDiagram(server)?.diagramXml).toBe(`${THEIRS} `);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(storedDiagram(server)?.diagramXml).toBe(MINE);
  });

  it('Reload theirs: the editor gets their drawing; her later saves build on it', async () => {
    const { server, posted, dialog, editor } = await conflictingSave();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Reload theirs' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(loadedXmls(posted).at(-1)).toBe(THEIRS));
    expect(storedDiagram(server)).toMatchObject({ diagramXml: THEIRS, version: 2 });

    post({ event: 'load' }, editor);
    const onTheirs = THEIRS.replace('</root>', '<mxCell id="more" vertex="1"/></root>');
    post({ event: 'save', xml: onTheirs }, editor);
    await waitFor(() => expect(storedDiagram(server)?.diagramXml).toBe(onTheirs));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('her own saves and renames in between never count as someone else', async () => {
    const { server, editor } = await setup();
    post({ event: 'save', xml: MINE }, editor);
    await waitFor(() => expect(storedDiagram(server)?.version).toBe(2));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const field = screen.getByLabelText('New Diagram Name');
    await user.clear(field);
    await user.type(field, 'Plan{Enter}');
    await waitFor(() => expect(storedDiagram(server)?.name).toBe('Plan'));
    const second = MINE.replace('</root>', '<mxCell id="2nd" vertex="1"/></root>');
    post({ event: 'save', xml: second }, editor);
    await waitFor(() =>
      expect(storedDiagram(server)).toMatchObject({ diagramXml: second, version: 4 }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('an unsaved drawing left behind on leaving the page is kept as a copy when bob saved meanwhile', async () => {
    const { server, bob, editor, unmount } = await setup();
    post({ event: 'autosave', xml: MINE }, editor);
    await bobDraws(bob);
    unmount();
    await waitFor(() => expect(server.collection().diagrams).toHaveLength(2));
    expect(server.collection().diagrams.map((d) => [d.name, d.diagramXml])).toEqual([
      ['Default Diagram', THEIRS],
      ['Default Diagram (copy by ann)', MINE],
    ]);
  });
});

describe('a rename that met another rename (spec §4 version conflict)', () => {
  async function renameAfterBob() {
    const context = await setup();
    await context.bob.perform({
      type: 'renameDiagram',
      diagramId: ID,
      name: 'Theirs',
      modifiedBy: 'bob',
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Diagram' });
    const field = within(dialog).getByLabelText('New Diagram Name');
    await user.clear(field);
    await user.type(field, 'Mine{Enter}');
    const alert = await within(dialog).findByRole('alert');
    return { ...context, user, dialog, alert };
  }

  it('shows both names and saves hers when she chooses it', async () => {
    const { server, user, dialog, alert } = await renameAfterBob();
    expect(alert).toHaveTextContent('saved a change to the same fields while you were editing');
    expect(storedDiagram(server)?.name).toBe('Theirs');
    const mine = within(dialog).getByRole('radio', { name: /Mine/ });
    expect(mine.closest('label')).toHaveTextContent('Mine');
    const theirs = within(dialog).getByRole('radio', { name: /Theirs/ });
    expect(theirs.closest('label')).toHaveTextContent('Theirs');
    await user.click(mine);
    await user.click(within(dialog).getByRole('button', { name: 'Save with these choices' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(storedDiagram(server)?.name).toBe('Mine');
  });

  it('keeps theirs when she chooses theirs', async () => {
    const { server, user, dialog } = await renameAfterBob();
    const radios = within(dialog).getAllByRole('radio');
    const theirs = radios.find((radio) => radio.closest('label')?.textContent.includes('Theirs'));
    if (!theirs) throw new Error('no choice of theirs');
    await user.click(theirs);
    await user.click(within(dialog).getByRole('button', { name: 'Save with these choices' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(storedDiagram(server)).toMatchObject({ name: 'Theirs', modifiedBy: 'bob' });
    expect(screen.getByRole('option', { name: 'Theirs' })).toBeInTheDocument();
  });
});
