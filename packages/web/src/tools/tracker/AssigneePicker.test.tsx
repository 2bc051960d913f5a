import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { AssigneePicker, matchingMembers } from './AssigneePicker.tsx';

function Harness({ start = '', onValue }: { start?: string; onValue?: (value: string) => void }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <label htmlFor="assignee">Assigned person</label>
      <AssigneePicker
        id="assignee"
        value={value}
        members={['alice', 'Bob', 'bob', 'carol']}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
    </>
  );
}

describe('member matching', () => {
  it('keeps one name per member and ranks names starting with the text first', () => {
    expect(matchingMembers(['Bob', ' bob ', '', 'ann'], '')).toEqual(['ann', 'Bob']);
    expect(matchingMembers(['bob', 'Bob Brown'], 'bob')).toEqual(['bob', 'Bob Brown']);
    expect(matchingMembers(['carol', 'bob', 'Rob', 'alice'], 'ob')).toEqual(['bob', 'Rob']);
    expect(matchingMembers(['carol', 'bob', 'alice'], 'c')).toEqual(['carol', 'alice']);
    expect(matchingMembers(['b', 'a'], '')).toEqual(['a', 'b']);
  });
});

describe('AssigneePicker', () => {
  it('stays a text field and offers the matching members in a listbox', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    const input = screen.getByLabelText('Assigned person');
    await user.type(input, 'b');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Bob']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onValue).toHaveBeenLastCalledWith('Bob');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('keeps a name that is no member, and clears', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness start="dave" onValue={onValue} />);
    expect(screen.getByLabelText('Assigned person')).toHaveValue('dave');
    await user.click(screen.getByRole('button', { name: 'Unassign' }));
    expect(onValue).toHaveBeenLastCalledWith('');
    expect(screen.getByLabelText('Assigned person')).toHaveFocus();
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('picks a member with the mouse and closes with Escape', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    await user.click(screen.getByLabelText('Assigned person'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(screen.getByLabelText('Assigned person'), 'car');
    await user.click(screen.getByRole('option', { name: 'carol' }));
    expect(onValue).toHaveBeenLastCalledWith('carol');
  });
});
