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

  it('offers a custom deck: Custom opens the field, Use deck sets the typed values', () => {
    const onSetCustomDeck = vi.fn();
    const { props } = setup({ onSetCustomDeck });
    const scale = within(screen.getByRole('group', { name: 'Scale' }));
    fireEvent.click(scale.getByRole('button', { name: 'Custom' }));
    expect(props.onChangeScale).not.toHaveBeenCalled();
    const field = screen.getByRole('textbox', { name: 'Custom deck values' });
    const use = screen.getByRole('button', { name: 'Use deck' });
    fireEvent.change(field, { target: { value: '1' } });
    expect(use).toBeDisabled();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(field, { target: { value: ' 1, 2;4, XXL, 2' } });
    fireEvent.click(use);
    expect(onSetCustomDeck).toHaveBeenCalledWith(['1', '2', '4', 'XXL']);
  });

  it('deals the custom deck and powers of two', () => {
    setup({ scale: 'custom', customDeck: ['1', '2', 'XXL'], onSetCustomDeck: vi.fn() });
    expect(
      deck('Custom')
        .getAllByRole('button')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['1', '2', 'XXL', 'Break needed', 'Need more info']);
    expect(screen.getByRole('textbox', { name: 'Custom deck values' })).toHaveValue('1, 2, XXL');
  });

  it('lets a spectator see the cards but not vote', () => {
    const { props } = setup({ scale: 'powers', spectator: true });
    const cards = deck('Powers of 2').getAllByRole('button');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toContain('64');
    for (const card of cards) expect(card).toBeDisabled();
    fireEvent.click(deck('Powers of 2').getByRole('button', { name: '8' }));
    expect(props.onVote).not.toHaveBeenCalled();
    expect(
      screen.getByText('You are watching as a spectator. Switch spectator mode off to vote.'),
    ).toBeInTheDocument();
  });
});
