/**
 * The Diagrams screen, route /tools/diagrams (spec §2; §3 diagram collection and diagram; §4
 * Diagrams; §5 diagram validation; §7 Notes; §8; §9 loading timeout). Loads the collection
 * through the shared sync engine without live updates (the tool is registered with
 * `disableWebSocket`; a 409 on save still re-applies the change to the latest version) and
 * edits it in the embedded draw.io editor (the bundled one unless the server names an external
 * one, editor-url.ts).
 */
import { useState } from 'react';

import { diagramsTool } from '@cipherspace/tools/diagrams';

import { useSession } from '../../lib/session.ts';
import { useToolContent } from '../content/use-tool-content.ts';
import { DiagramsScreen } from './DiagramsScreen.tsx';
import { readDiagramEditor } from './editor-url.ts';

/** spec §2 /tools/diagrams; the router lazy-loads this default export. */
export default function DiagramsPage() {
  const tool = useToolContent(diagramsTool);
  const session = useSession();
  const [editor] = useState(() => readDiagramEditor());
  return <DiagramsScreen tool={tool} username={session?.user.username ?? ''} editor={editor} />;
}
