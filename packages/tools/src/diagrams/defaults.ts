/**
 * Default content of the Diagrams tool (spec §3: "one 'Default Diagram' with a welcome drawing";
 * spec §4 Tool content: created and saved when the server has none) and the empty drawing a new
 * diagram starts with. Drawings are draw.io XML: an uncompressed `<mxGraphModel>` whose cells 0
 * and 1 are the root and the default layer, as draw.io itself writes them.
 */
import type { ContentLanguage } from '../shared.ts';
import type { Diagram, DiagramCollection, DiagramsContext } from './types.ts';

/** The collection title of the default content (the spec names none; the tool's name). */
export const DEFAULT_COLLECTION_TITLE = 'Diagrams';

/** spec §3: the name of the diagram the default collection holds. */
export const DEFAULT_DIAGRAM_NAME = 'Default Diagram';

/** Who wrote the default content (like the Pinboard's welcome note). */
export const SYSTEM_AUTHOR = 'System';

const GRAPH_OPEN =
  '<mxGraphModel dx="1000" dy="700" grid="1" gridSize="10" guides="1" tooltips="1" ' +
  'connect="1" arrows="1" fold="1" page="1" pageScale="1" pageWidth="850" pageHeight="1100" ' +
  'math="0" shadow="0"><root><mxCell id="0"/><mxCell id="1" parent="0"/>';
const GRAPH_CLOSE = '</root></mxGraphModel>';

/** The drawing a new diagram starts with: an empty page. */
export const BLANK_DIAGRAM_XML = `${GRAPH_OPEN}${GRAPH_CLOSE}`;

function box(id: string, value: string, x: number, y: number, colors: string): string {
  return (
    `<mxCell id="${id}" value="${value}" style="rounded=1;whiteSpace=wrap;html=1;${colors}" ` +
    `vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="200" height="80" ` +
    'as="geometry"/></mxCell>'
  );
}

function arrow(id: string, source: string, target: string): string {
  return (
    `<mxCell id="${id}" style="edgeStyle=orthogonalEdgeStyle;rounded=0;html=1;endArrow=classic;" ` +
    `edge="1" parent="1" source="${source}" target="${target}">` +
    '<mxGeometry relative="1" as="geometry"/></mxCell>'
  );
}

/** The texts of the default collection and its welcome drawing, in each content language. */
export const DEFAULT_DIAGRAM_TEXTS: Readonly<
  Record<
    ContentLanguage,
    { title: string; name: string; welcome: string; draw: string; connect: string; save: string }
  >
> = {
  en: {
    title: DEFAULT_COLLECTION_TITLE,
    name: DEFAULT_DIAGRAM_NAME,
    welcome: 'Welcome to Diagrams!',
    draw: 'Drag shapes from the panel on the left onto the page',
    connect: 'Connect shapes by dragging from the arrows on their edges',
    save: 'Save with the Save button or Ctrl+S: your diagram is encrypted before it leaves your browser',
  },
  de: {
    title: 'Diagramme',
    name: 'Standarddiagramm',
    welcome: 'Willkommen bei Diagramme!',
    draw: 'Ziehen Sie Formen aus dem linken Bereich auf die Seite',
    connect: 'Verbinden Sie Formen, indem Sie von den Pfeilen an ihren Kanten ziehen',
    save: 'Speichern Sie mit der Schaltfläche Speichern oder Strg+S: Ihr Diagramm wird verschlüsselt, bevor es Ihren Browser verlässt',
  },
};

/**
 * The welcome drawing of the default diagram in `language`: a title and three steps (draw,
 * connect, save) joined by arrows.
 */
export function welcomeDiagramXml(language: ContentLanguage = 'en'): string {
  const texts = DEFAULT_DIAGRAM_TEXTS[language];
  return (
    GRAPH_OPEN +
    `<mxCell id="welcome-title" value="${texts.welcome}" ` +
    'style="text;html=1;align=center;verticalAlign=middle;fontSize=24;fontStyle=1;" ' +
    'vertex="1" parent="1"><mxGeometry x="185" y="40" width="480" height="50" as="geometry"/>' +
    '</mxCell>' +
    box('welcome-draw', texts.draw, 40, 140, 'fillColor=#dae8fc;strokeColor=#6c8ebf;') +
    box('welcome-connect', texts.connect, 325, 140, 'fillColor=#d5e8d4;strokeColor=#82b366;') +
    box('welcome-save', texts.save, 610, 140, 'fillColor=#fff2cc;strokeColor=#d6b656;') +
    arrow('welcome-arrow-1', 'welcome-draw', 'welcome-connect') +
    arrow('welcome-arrow-2', 'welcome-connect', 'welcome-save') +
    GRAPH_CLOSE
  );
}

/** The welcome drawing in English (see {@link welcomeDiagramXml}). */
export const WELCOME_DIAGRAM_XML = welcomeDiagramXml('en');

/**
 * The content the Diagrams tool starts with (spec §3): version 1, titled 'Diagrams', holding one
 * diagram 'Default Diagram' with {@link WELCOME_DIAGRAM_XML}, which is also the default diagram;
 * in German ('Diagramme', 'Standarddiagramm', the drawing's texts) when `ctx.language` is 'de'.
 * Ids come from `ctx.newId` (collection first), every timestamp from one call of `ctx.now`.
 */
export function defaultDiagramCollection(ctx: DiagramsContext): DiagramCollection {
  const now = ctx.now();
  const language = ctx.language ?? 'en';
  const id = ctx.newId();
  const diagram: Diagram = {
    id: ctx.newId(),
    name: DEFAULT_DIAGRAM_TEXTS[language].name,
    diagramXml: welcomeDiagramXml(language),
    lastModified: now,
    createdAt: now,
    modifiedBy: SYSTEM_AUTHOR,
    description: '',
    version: 1,
  };
  return {
    id,
    title: DEFAULT_DIAGRAM_TEXTS[language].title,
    diagrams: [diagram],
    defaultDiagramId: diagram.id,
    version: 1,
    lastModified: now,
    createdAt: now,
    modifiedBy: SYSTEM_AUTHOR,
  };
}
