import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { EstimationCards, type EstimationCardsProps } from './EstimationCards.tsx';

function setup(overrides: Partial<EstimationCardsProps> = {}) {
  const props: EstimationCardsProps = {
    scale: 'fibonacci',
    myVote: null,
    disabled: false,
    onChangeScale: vi.fn(),
    onVote: vi.fn(),
    onClearVote: vi.fn(),
    ...overrides,
  };
  const view = render(<EstimationCards {...props} />);
  return { props, view };
}

const deck = (name: string) => within(screen.getByRole('group', { name }));

describe('EstimationCards (spec §2 Your Estimation, §3 cards)', () => {
  it('deals the Fibonacci deck with the two specials', () => {
    setup();
    expect(
      deck('Fibonacci')
        .getAllByRole('button')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual([
      '0',
      '1',
      '2',
      '3',
      '5',
      '8',
      '13',
      '21',
      '34',
      '55',
      '89',
      'Break needed',
      'Need more info',
    ]);
    // The break card shows the coffee-cup icon (an SVG, not an emoji that needs a colour font).
    const breakCard = deck('Fibonacci').getByRole('button', { name: 'Break needed' });
    expect(breakCard.querySelector('svg.lucide-coffee')).toBeInTheDocument();
    expect(screen.getByText('You have not voted yet.')).toBeInTheDocument();
  });

  it('deals the T-shirt deck with names', () => {
    setup({ scale: 'tshirt', myVote: 'XL' });
    expect(
      deck('T-Shirt Sizes')
        .getAllByRole('button')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual([
      'XS – Extra Small',
      'S – Small',
      'M – Medium',
      'L – Large',
      'XL – Extra Large',
      'Break needed',
      'Need more info',
    ]);
    expect(screen.getByRole('button', { name: 'XL – Extra Large' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByText('Your vote: XL – Extra Large')).toBeInTheDocument();
  });

  it('votes with a card and takes the vote back with the selected card', () => {
    const { props } = setup({ myVote: '5' });
    fireEvent.click(screen.getByRole('button', { name: '8' }));
    expect(props.onVote).toHaveBeenCalledWith('8');
    fireEvent.click(screen.getByRole('button', { name: '5' }));
    expect(props.onClearVote).toHaveBeenCalledOnce();
    expect(props.onVote).toHaveBeenCalledTimes(1);
  });

  it('switches the scale only to the other one', () => {
    const { props } = setup();
    const scales = within(screen.getByRole('group', { name: 'Scale' }));
    expect(scales.getByRole('button', { name: 'Fibonacci' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    fireEvent.click(scales.getByRole('button', { name: 'Fibonacci' }));
    expect(props.onChangeScale).not.toHaveBeenCalled();
    fireEvent.click(scales.getByRole('button', { name: 'T-Shirt Sizes' }));
    expect(props.onChangeScale).toHaveBeenCalledWith('tshirt');
  });

  it('disables the scale switch and the cards while processing', () => {
    setup({ disabled: true });
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });
});
