import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { render } from '@testing-library/react';
import { Dices, Pin, Spade, SquareKanban, Ticket, Workflow, type LucideIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';

import { svgDrawing } from '../testing/svg-drawing.ts';

import type { ToolName } from './registry.ts';
import { ToolIcon } from './tool-icons.tsx';

/** The lucide-react icon each tool's symbol in tool-icons.svg copies. */
const LUCIDE: Record<ToolName, LucideIcon> = {
  kanban: SquareKanban,
  'ticket-system': Ticket,
  bulletin: Pin,
  diagrams: Workflow,
  poker: Spade,
  randomizer: Dices,
};

const sprite = new DOMParser().parseFromString(
  readFileSync(join(import.meta.dirname, 'tool-icons.svg'), 'utf8'),
  'image/svg+xml',
);

describe('tool icons (the landing page and the dashboard)', () => {
  it.each(Object.keys(LUCIDE) as ToolName[])(
    '%s: the sprite symbol draws exactly the lucide-react icon; the icon is decorative',
    (name) => {
      const Lucide = LUCIDE[name];
      const lucide = render(<Lucide />).container.querySelector('svg');
      const symbol = sprite.getElementById(name);
      if (!lucide || !symbol) throw new Error(`no lucide svg or no symbol #${name}`);
      expect(symbol.getAttribute('viewBox')).toBe(lucide.getAttribute('viewBox'));
      expect(svgDrawing(symbol)).toEqual(svgDrawing(lucide));

      const ours = render(<ToolIcon name={name} size={32} />).container.querySelector('svg');
      expect(ours).toHaveAttribute('aria-hidden', 'true');
      expect(ours).toHaveAttribute('width', '32');
      expect(ours).toHaveClass('tool-icon-svg');
      expect(ours?.querySelector('use')?.getAttribute('href')).toMatch(
        new RegExp(`/tool-icons[^/]*\\.svg[^/#]*#${name}$`),
      );
    },
  );
});
