/**
 * The Diagrams screen without its wiring (spec §2 /tools/diagrams): the header with Back to
 * Dashboard and — only with an external editor (DIAGRAM_EDITOR_URL; the bundled draw.io is our own
 * server's) — the warning that the tool uses an external resource, the §4 loading / error / entry
 * states, and — once the collection is loaded — the workspace (diagram select, Refresh, New,
 * Rename, Delete, export, the embedded editor and the status bar). Undo, Redo and History lead the
 * header's actions: live updates are off for diagrams, but every save goes through the same
 * sync engine, so its changes can be undone and its versions restored like any tool's. DiagramsPage
 * binds it to the sync engine; tests bind it to a sync engine with an in-memory server.
 */
import { TriangleAlert } from 'lucide-react';

import type { DiagramCollection, DiagramOperation } from '@cipherspace/tools/diagrams';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { useFlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import { ToolContentState } from '../content/ToolContentState.tsx';
import { ToolHeader } from '../content/ToolHeader.tsx';
import { ToolHistory } from '../content/ToolHistory.tsx';
import type { ToolContent } from '../content/use-tool-content.ts';
import { DiagramsHistoryPreview } from './diagrams-history-preview.tsx';
import { DiagramsWorkspace } from './DiagramsWorkspace.tsx';
import type { DiagramEditorSource } from './editor-url.ts';
import './diagrams.css';

export interface DiagramsScreenProps {
  tool: Pick<
    ToolContent<DiagramCollection, DiagramOperation>,
    'state' | 'entry' | 'perform' | 'reload' | 'undo' | 'redo' | 'restore' | 'loadHistory'
  >;
  /** Who makes the changes (the signed-in user's name, spec §6). */
  username: string;
  /** The bundled draw.io or the external editor of DIAGRAM_EDITOR_URL (see editor-url.ts). */
  editor: DiagramEditorSource;
  /** Ids of new diagrams (default `crypto.randomUUID`). */
  newDiagramId?: () => string;
}

/** A version from the history: its diagrams by name (the panel makes it inert). */
const renderPreview = (content: DiagramCollection) => <DiagramsHistoryPreview content={content} />;

export function DiagramsScreen({ tool, username, editor, newDiagramId }: DiagramsScreenProps) {
  const collection = tool.state.status === 'loaded' ? tool.state.content : null;
  // What undo, redo and restore have to say; the workspace shows its own messages.
  const [message, showMessage] = useFlashMessage();
  return (
    <section className="tool-page diagrams-page">
      <ToolHeader title={m.tools_diagrams_name()} realtime={false}>
        <ToolHistory tool={tool} show={showMessage} renderPreview={renderPreview} />
      </ToolHeader>
      {editor.kind === 'external' ? (
        <p className="diagrams-external-warning" role="note">
          <TriangleAlert size={16} aria-hidden="true" />{' '}
          {m.diagrams_external_warning({ host: new URL(editor.url).host })}
        </p>
      ) : null}
      <StatusMessage kind={message?.kind ?? 'info'}>{message?.text}</StatusMessage>
      {/* An offline rename that met another one names its field. */}
      <ToolContentState tool={tool} fieldLabel={() => m.diagrams_name_field()} />
      {collection && tool.entry === null ? (
        <DiagramsWorkspace
          collection={collection}
          saving={tool.state.saving}
          perform={tool.perform}
          reload={tool.reload}
          username={username}
          editor={editor}
          {...(newDiagramId ? { newDiagramId } : {})}
        />
      ) : null}
    </section>
  );
}
