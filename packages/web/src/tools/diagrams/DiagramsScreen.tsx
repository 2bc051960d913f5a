/**
 * The Diagrams screen without its wiring (spec §2 /tools/diagrams): the header with Back to
 * Dashboard and the warning that the tool uses an external resource, the §4 loading / error /
 * entry states, and — once the collection is loaded — the workspace (diagram select, Refresh,
 * New, Rename, Delete, export, the embedded editor and the status bar). DiagramsPage binds it to
 * the content lifecycle; tests bind it to a lifecycle with an in-memory server.
 */
import type { DiagramCollection, DiagramOperation } from '@cipherspace/tools/diagrams';
import { m } from '../../paraglide/messages.js';
import { ToolContentState } from '../content/ToolContentState.tsx';
import { ToolHeader } from '../content/ToolHeader.tsx';
import type { ToolContent } from '../content/use-tool-content.ts';
import { DiagramsWorkspace } from './DiagramsWorkspace.tsx';
import './diagrams.css';

export interface DiagramsScreenProps {
  tool: Pick<
    ToolContent<DiagramCollection, DiagramOperation>,
    'state' | 'entry' | 'perform' | 'reload'
  >;
  /** Who makes the changes (the signed-in user's name, spec §6). */
  username: string;
  /** The configured diagram editor (DIAGRAM_EDITOR_URL, see editor-url.ts). */
  editorUrl: string;
  /** Ids of new diagrams (default `crypto.randomUUID`). */
  newDiagramId?: () => string;
}

export function DiagramsScreen({ tool, username, editorUrl, newDiagramId }: DiagramsScreenProps) {
  const collection = tool.state.status === 'loaded' ? tool.state.content : null;
  return (
    <section className="tool-page diagrams-page">
      <ToolHeader title={m.tools_diagrams_name()} realtime={false} />
      <p className="diagrams-external-warning" role="note">
        <span aria-hidden="true">⚠ </span>
        {m.diagrams_external_warning({ host: new URL(editorUrl).host })}
      </p>
      <ToolContentState tool={tool} />
      {collection && tool.entry === null ? (
        <DiagramsWorkspace
          collection={collection}
          saving={tool.state.saving}
          perform={tool.perform}
          reload={tool.reload}
          username={username}
          editorUrl={editorUrl}
          {...(newDiagramId ? { newDiagramId } : {})}
        />
      ) : null}
    </section>
  );
}
