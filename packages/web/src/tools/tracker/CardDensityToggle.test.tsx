import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { CardDensityToggle, initialsOf, readCompactChoice } from './CardDensityToggle.tsx';

describe('card density', () => {
  it('writes up to two initials of a name', () => {
    expect(initialsOf('Ann Lee')).toBe('AL');
    expect(initialsOf('bob')).toBe('B');
    expect(initialsOf('jean-luc picard')).toBe('JL');
    expect(initialsOf('  ')).toBe('');
  });

  it("reads the member's stored choice, none when absent", () => {
    expect(readCompactChoice('density-test')).toBeNull();
    localStorage.setItem('density-test', 'on');
    expect(readCompactChoice('density-test')).toBe(true);
    localStorage.setItem('density-test', 'off');
    expect(readCompactChoice('density-test')).toBe(false);
  });

  it('is a pressed button while compact', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const view = render(<CardDensityToggle compact={false} noun="card" onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'Compact' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(onChange).toHaveBeenCalledWith(true);
    view.rerender(<CardDensityToggle compact noun="card" onChange={onChange} />);
    expect(button).toHaveAttribute('aria-pressed', 'true');
  });
});
