/**
 * The one place the web app draws each tool's icon (spec §1 Tools), on the landing page and the
 * dashboard. The tools' metadata keeps its emoji `icon` for the API and third-party clients
 * (spec §3 Tool metadata); the app shows these SVG icons instead, so a machine without a
 * colour-emoji font shows the same picture.
 *
 * The icons are lucide's (the app's one icon set; lucide-react everywhere else), kept as symbols
 * of one static sprite, tool-icons.svg (a hashed, cached asset), that each icon references by the
 * tool's content id. The landing page shows them, and its JS budget is 150 KB gzip: drawn through
 * lucide-react's components they would add ~2.5 KB of JS to it, through the sprite ~0.1 KB.
 * tool-icons.test.tsx checks that each symbol draws exactly lucide-react's icon.
 */
import spriteUrl from './tool-icons.svg?no-inline';
import type { ToolName } from './registry.ts';

/**
 * The decorative icon of tool `name` (`size` in CSS pixels, default 24), `aria-hidden`: the
 * tool's name always stands beside it. Its stroke (lucide's, in the text colour) is styled by
 * `.tool-icon-svg` in styles.css.
 */
export function ToolIcon({ name, size = 24 }: { name: ToolName; size?: number }) {
  return (
    <svg className="lucide tool-icon-svg" width={size} height={size} aria-hidden="true">
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
