/**
 * The history panel (tools/content/ToolHistory.tsx) around a tool's preview, for the preview
 * tests of each tool: a tool whose history holds one earlier version with the given
 * content, the panel opened from the History button, and the preview region of that version —
 * rendered exactly as a screen's `renderPreview` is, inside the panel's `inert` container.
 */
import type { Timeline } from '@cipherspace/sync';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { expect, vi } from 'vitest';

import { ToolHistory, type HistoryTool } from '../tools/content/ToolHistory.tsx';

/** The version the previewed content is shown as; the tool is one version further. */
export const PREVIEW_VERSION = 4;

/** What can take focus or be pressed, typed into or followed. */
const INTERACTIVE = 'button, input, select, textarea, a[href], [tabindex], [contenteditable]';

/**
 * Opens the history of a tool holding `content` as version {@link PREVIEW_VERSION} (not the
 * current one) and returns the preview region 'Version 4' as `renderPreview` draws it; `restore`
 * is the tool's restore spy.
 */
export async function openHistoryPreview<C>(
  content: C,
  renderPreview: (content: C) => ReactNode,
): Promise<{ preview: HTMLElement; restore: ReturnType<typeof vi.fn> }> {
  const timeline: Timeline<C> = {
    versions: [
      {
        version: PREVIEW_VERSION,
        kind: 'replacement',
        modifiedBy: 'alice',
        modifiedAt: '2025-03-05T10:00:00.000Z',
        sizeBytes: 1000,
        activity: [],
        content,
      },
    ],
    unreadable: [],
    currentVersion: PREVIEW_VERSION + 1,
    olderBefore: null,
  };
  const restore = vi.fn();
  const tool: HistoryTool<C> = {
    state: {
      status: 'loaded',
      version: PREVIEW_VERSION + 1,
      canUndo: false,
      canRedo: false,
      saving: false,
    },
    undo: vi.fn(),
    redo: vi.fn(),
    restore,
    loadHistory: () => Promise.resolve(timeline),
  };
  // The panel is a lazy chunk: loaded first, so a busy machine's module transform cannot outlast
  // the wait for the preview (what is tested here is the preview, not the loading state).
  await import('../tools/content/HistoryPanel.tsx');
  render(<ToolHistory tool={tool} show={vi.fn()} renderPreview={renderPreview} />);
  await userEvent.setup().click(screen.getByRole('button', { name: 'History' }));
  const preview = await screen.findByRole('region', { name: `Version ${PREVIEW_VERSION}` });
  return { preview, restore };
}

/**
 * Asserts that nothing of the tool in `preview` can be used: its content sits in an `inert`
 * container, and the only control outside it is the panel's own Restore button. Returns the
 * inert container (the tool's view).
 */
export function expectReadOnly(preview: HTMLElement): HTMLElement {
  const view = preview.querySelector<HTMLElement>('[inert]');
  expect(view).not.toBeNull();
  if (view === null) throw new Error('no inert container');
  expect(view.childElementCount).toBeGreaterThan(0);
  const reachable = [...preview.querySelectorAll<HTMLElement>(INTERACTIVE)].filter(
    (element) => element.closest('[inert]') === null,
  );
  expect(reachable.map((element) => element.textContent)).toEqual(['Restore this version']);
  return view;
}

/** The controls inside the inert view (there, but unreachable). */
export function controlsIn(view: HTMLElement): HTMLElement[] {
  return [...view.querySelectorAll<HTMLElement>(INTERACTIVE)];
}
