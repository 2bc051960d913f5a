/**
 * The comment box's mention list: choosing a member writes `@name ` at the caret and leaves the
 * caret behind it at once, so the next key typed lands there, even in the middle of a text.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { MentionTextarea } from './MentionTextarea.tsx';

function Box({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <MentionTextarea
      aria-label="New comment"
      value={value}
      onValueChange={setValue}
      members={['alice', 'bob', 'carol']}
      me="alice"
    />
  );
}

describe('MentionTextarea', () => {
  it('puts the caret behind a mention chosen in the middle of the text, in the same render', async () => {
    const user = userEvent.setup();
    render(<Box initial="Ask  about it" />);
    const box = screen.getByRole<HTMLTextAreaElement>('combobox', { name: 'New comment' });
    box.focus();
    box.setSelectionRange(4, 4);
    await user.keyboard('@b');
    expect(box).toHaveValue('Ask @b about it');
    const list = screen.getByRole('listbox', { name: 'Members to mention' });
    // A click without waiting for a frame: the caret must already be behind "@bob ".
    fireEvent.mouseDown(within(list).getByRole('option', { name: '@bob' }));
    fireEvent.click(within(list).getByRole('option', { name: '@bob' }));
    // The space that followed the query serves as the one behind the mention.
    expect(box).toHaveValue('Ask @bob about it');
    expect(box.selectionStart).toBe('Ask @bob '.length);
    await user.keyboard('now ');
    expect(box).toHaveValue('Ask @bob now about it');
  });
});
