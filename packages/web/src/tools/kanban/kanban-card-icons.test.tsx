/**
 * The Kanban card's icons are lucide's, drawn as CSS masks (kanban.css): each mask's SVG draws
 * exactly what lucide-react's icon draws, with lucide's stroke.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { render } from '@testing-library/react';
import {
  Archive,
  ArchiveRestore,
  GripVertical,
  Pencil,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { describe, expect, it } from 'vitest';

import { svgDrawing } from '../../testing/svg-drawing.ts';

const CSS = readFileSync(join(import.meta.dirname, 'kanban.css'), 'utf8');

/** The lucide-react icon each `.kanban-icon-<name>` mask copies. */
const LUCIDE: Record<string, LucideIcon> = {
  grip: GripVertical,
  edit: Pencil,
  delete: Trash2,
  archive: Archive,
  restore: ArchiveRestore,
};

/** The SVG document of `.kanban-icon-<name>`'s mask in kanban.css. */
function maskSvg(name: string): Element {
  const rule = new RegExp(
    `\\.kanban-icon-${name} \\{\\s*--kanban-icon: url\\("data:image/svg\\+xml,([^"]+)"\\);`,
  ).exec(CSS);
  if (!rule?.[1]) throw new Error(`kanban.css has no mask for .kanban-icon-${name}`);
  const svg = new DOMParser().parseFromString(decodeURIComponent(rule[1]), 'image/svg+xml');
  return svg.documentElement;
}

describe('Kanban card icons (no DOM or React work per icon)', () => {
  it.each(Object.keys(LUCIDE))('%s: the mask draws exactly the lucide-react icon', (name) => {
    const Lucide = LUCIDE[name];
    if (!Lucide) throw new Error(name);
    const lucide = render(<Lucide />).container.querySelector('svg');
    if (!lucide) throw new Error('no lucide svg');
    const mask = maskSvg(name);
    for (const attribute of [
      'viewBox',
      'fill',
      'stroke',
      'stroke-width',
      'stroke-linecap',
      'stroke-linejoin',
    ])
      expect(mask.getAttribute(attribute), attribute).toBe(lucide.getAttribute(attribute));
    expect(svgDrawing(mask)).toEqual(svgDrawing(lucide));
  });
});
