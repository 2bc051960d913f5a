/**
 * What an SVG element draws, for tests that check a copy of an icon against lucide-react's own
 * (tools/tool-icons.test.tsx: the tool sprite; tools/kanban/kanban-card-icons.test.tsx: the
 * Kanban card's CSS masks): each child's tag and attributes, in order.
 */
export function svgDrawing(parent: Element): string[] {
  return [...parent.children].map(
    (child) =>
      `${child.tagName} ${[...child.attributes]
        .map((attribute) => `${attribute.name}=${attribute.value}`)
        .join(' ')}`,
  );
}
