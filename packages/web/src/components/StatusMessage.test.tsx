import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { StatusMessage, type StatusKind } from './StatusMessage.tsx';

/** The outer element: the live region that stays mounted. */
function liveRegion(container: HTMLElement): HTMLElement {
  const region = container.firstElementChild;
  if (!(region instanceof HTMLElement)) throw new Error('no live region rendered');
  return region;
}

describe('StatusMessage', () => {
  it.each([undefined, null, '', false] as const)(
    'keeps an empty, invisible polite live region mounted when the message is %j',
    (empty) => {
      const { container } = render(<StatusMessage kind="info">{empty}</StatusMessage>);
      const region = liveRegion(container);
      expect(region).toHaveAttribute('aria-live', 'polite');
      expect(region).toBeEmptyDOMElement();
      expect(region).not.toHaveClass('status');
      // Takes no room: out of the flow (no flex gap), clipped to nothing.
      expect(region.style.position).toBe('absolute');
      expect(region.style.overflow).toBe('hidden');
      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it.each(['info', 'success', 'warning'] as const)(
    'puts a %s message into the same, already mounted polite region as role=status',
    (kind: StatusKind) => {
      const { container, rerender } = render(<StatusMessage kind={kind}>{null}</StatusMessage>);
      const region = liveRegion(container);

      rerender(
        <StatusMessage kind={kind} testId="message">
          Saved.
        </StatusMessage>,
      );
      expect(liveRegion(container)).toBe(region);
      expect(region).toHaveAttribute('aria-live', 'polite');
      expect(region).toHaveAttribute('aria-atomic', 'true');
      expect(region).toHaveClass('status', `status-${kind}`);
      expect(region.style.position).toBe('');
      const status = screen.getByRole('status');
      expect(region).toContainElement(status);
      expect(status).toHaveTextContent('Saved.');
      expect(status).toHaveAttribute('data-testid', 'message');

      // A new text replaces the old one inside the same region.
      rerender(<StatusMessage kind={kind}>Saved again.</StatusMessage>);
      expect(liveRegion(container)).toBe(region);
      expect(screen.getByRole('status')).toHaveTextContent('Saved again.');

      // The message goes; the region stays.
      rerender(<StatusMessage kind={kind}>{''}</StatusMessage>);
      expect(liveRegion(container)).toBe(region);
      expect(region).toBeEmptyDOMElement();
      expect(region).toHaveAttribute('aria-live', 'polite');
      expect(screen.queryByRole('status')).toBeNull();
    },
  );

  it('shows an error as role=alert, in the same element, without a second polite announcement', () => {
    const { container, rerender } = render(<StatusMessage kind="info">{null}</StatusMessage>);
    const region = liveRegion(container);

    rerender(<StatusMessage kind="error">Something failed.</StatusMessage>);
    expect(liveRegion(container)).toBe(region);
    expect(region).toHaveClass('status', 'status-error');
    // role=alert is announced by itself; the outer element is not live too (no double reading).
    expect(region).not.toHaveAttribute('aria-live');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something failed.');
    expect(screen.queryByRole('status')).toBeNull();

    // Back to a success message: polite again, same element.
    rerender(<StatusMessage kind="success">Done.</StatusMessage>);
    expect(liveRegion(container)).toBe(region);
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('status')).toHaveTextContent('Done.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renders rich content inside the message', () => {
    render(
      <StatusMessage kind="warning">
        <strong>Careful:</strong> the key cannot be recovered.
      </StatusMessage>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Careful: the key cannot be recovered.');
  });
});
