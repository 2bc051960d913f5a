import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ConnectionStatusBadge } from './ConnectionStatusBadge.tsx';

describe('ConnectionStatusBadge', () => {
  it.each([
    ['connected', 'Connected'],
    ['connecting', 'Connecting…'],
    ['reconnecting', 'Reconnecting…'],
    ['error', 'Connection error'],
    ['disconnected', 'Disconnected'],
  ] as const)('shows %s as "%s" in a status region with its badge class', (status, text) => {
    render(<ConnectionStatusBadge status={status} />);
    const badge = screen.getByRole('status');
    expect(badge).toHaveTextContent(text);
    expect(badge).toHaveClass('badge', `badge-${status}`);
  });

  it("shows this tab's status when none is given: disconnected without a session", () => {
    render(<ConnectionStatusBadge />);
    expect(screen.getByRole('status')).toHaveTextContent('Disconnected');
  });

  it('describes a failing connection with the latest real-time error, a working one not', () => {
    const { rerender } = render(
      <ConnectionStatusBadge status="reconnecting" error="WebSocket connection error" />,
    );
    expect(screen.getByRole('status')).toHaveAccessibleDescription('WebSocket connection error');
    rerender(<ConnectionStatusBadge status="error" error="Unknown WebSocket error" />);
    expect(screen.getByRole('status')).toHaveAccessibleDescription('Unknown WebSocket error');
    rerender(<ConnectionStatusBadge status="connected" error="WebSocket connection error" />);
    expect(screen.getByRole('status')).not.toHaveAttribute('title');
  });
});
