import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { readableTextColor, TagChips, TagColorsDialog, TagEditor } from './TagEditor.tsx';

function Harness({ start = [], onTags }: { start?: string[]; onTags?: (tags: string[]) => void }) {
  const [tags, setTags] = useState<string[]>(start);
  return (
    <>
      <TagEditor
        id="tags"
        value={tags}
        suggestions={['backend', 'UX']}
        onChange={(next) => {
          setTags(next);
          onTags?.(next);
        }}
      />
      <button type="button">elsewhere</button>
    </>
  );
}

describe('readableTextColor', () => {
  it('picks dark text on light colours and white on dark ones', () => {
    expect(readableTextColor('#ffc107')).toBe('#1a1a1a');
    expect(readableTextColor('#FFFFFF')).toBe('#1a1a1a');
    expect(readableTextColor('#6f42c1')).toBe('#ffffff');
    expect(readableTextColor('#000000')).toBe('#ffffff');
    expect(readableTextColor('red')).toBeNull();
  });
});

describe('TagEditor', () => {
  it('adds tags with Enter and comma, once whatever the case, and removes them', async () => {
    const user = userEvent.setup();
    const onTags = vi.fn();
    render(<Harness onTags={onTags} />);
    const input = screen.getByLabelText('Tags');
    await user.type(input, 'UX{Enter}backend,ux{Enter}');
    expect(onTags).toHaveBeenLastCalledWith(['UX', 'backend']);
    expect(input).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Remove tag UX' }));
    expect(onTags).toHaveBeenLastCalledWith(['backend']);
    await user.type(input, '{Backspace}');
    expect(onTags).toHaveBeenLastCalledWith([]);
  });

  it('adds what was typed when the input is left', async () => {
    const user = userEvent.setup();
    const onTags = vi.fn();
    render(<Harness onTags={onTags} />);
    await user.type(screen.getByLabelText('Tags'), 'api');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(onTags).toHaveBeenLastCalledWith(['api']);
  });

  it('adds to an issue stored with one tag in two cases, keeping the first', async () => {
    const user = userEvent.setup();
    const onTags = vi.fn();
    render(<Harness start={['UI', 'ui']} onTags={onTags} />);
    await user.type(screen.getByLabelText('Tags'), ' Api {Enter}');
    expect(onTags).toHaveBeenLastCalledWith(['UI', 'Api']);
  });
});

describe('TagChips and TagColorsDialog', () => {
  it('shows a tag in the board colour with readable text', () => {
    render(<TagChips tags={['UX', 'api']} tagColors={{ ux: '#6f42c1' }} />);
    const chips = screen.getAllByRole('listitem');
    expect(chips[0]?.firstElementChild).toHaveStyle({ color: '#ffffff' });
    expect(chips[1]?.firstElementChild).not.toHaveAttribute('style');
  });

  it('sets a colour and resets to the default', async () => {
    const user = userEvent.setup();
    const onSetColor = vi.fn(() => Promise.resolve(true));
    render(
      <TagColorsDialog
        open
        tags={['UX', 'ux', 'api']}
        tagColors={{ ux: '#dc3545' }}
        onSetColor={onSetColor}
        onClose={() => undefined}
      />,
    );
    expect(screen.getAllByRole('group')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'api: colour #17a2b8' }));
    expect(onSetColor).toHaveBeenLastCalledWith('api', '#17a2b8');
    expect(screen.getByRole('button', { name: 'UX: colour #dc3545' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Default colour for UX' }));
    expect(onSetColor).toHaveBeenLastCalledWith('UX', null);
    expect(screen.getByRole('button', { name: 'Default colour for api' })).toBeDisabled();
  });
});
