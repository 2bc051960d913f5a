import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { noteFormValues, type NoteFormValues } from '@cipherspace/tools/bulletin';
import { NoteFormModal } from './NoteFormModal.tsx';

function setup(
  options: {
    initial?: Partial<NoteFormValues>;
    mode?: 'add' | 'edit';
    allowExpiration?: boolean;
    onSubmit?: (values: NoteFormValues) => Promise<boolean>;
  } = {},
) {
  const user = userEvent.setup();
  const onSubmit = vi.fn(options.onSubmit ?? (() => Promise.resolve(true)));
  const onClose = vi.fn();
  render(
    <NoteFormModal
      open
      mode={options.mode ?? 'add'}
      initial={{ ...noteFormValues(null, 'Note'), ...options.initial }}
      allowExpiration={options.allowExpiration ?? true}
      onSubmit={onSubmit}
      onClose={onClose}
    />,
  );
  return { user, onSubmit, onClose };
}

const content = () => screen.getByLabelText<HTMLTextAreaElement>('Content');

/** Types `text` into the content and selects `selected` (its first occurrence). */
async function typeAndSelect(
  user: ReturnType<typeof userEvent.setup>,
  text: string,
  selected: string,
) {
  const area = content();
  await user.type(area, text);
  const start = text.indexOf(selected);
  area.setSelectionRange(start, start + selected.length);
}

describe('NoteFormModal fields (spec §2 note dialog)', () => {
  it('has the colour picker with 12 colours, gold chosen, and every field', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Add Note' })).toBeInTheDocument();
    const colours = within(screen.getByRole('group', { name: 'Colour' })).getAllByRole('radio');
    expect(colours).toHaveLength(12);
    expect(screen.getByRole('radio', { name: 'Gold' })).toBeChecked();
    expect(screen.getByLabelText('Title')).toHaveAttribute('maxLength', '100');
    expect(screen.getByLabelText('Type')).toHaveValue('Note');
    expect(screen.queryByLabelText('URL')).toBeNull();
    expect(screen.getByLabelText('Priority')).toHaveValue('Medium');
    expect(screen.getByLabelText('Tags')).toBeInTheDocument();
    expect(screen.getByLabelText('Expires at')).toHaveAttribute('type', 'datetime-local');
    const toolbar = screen.getByRole('group', { name: 'Formatting' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.title),
    ).toEqual(['Bold', 'Italic', 'Link', 'Heading (H2)', 'List']);
  });

  it('gives back every value as typed', async () => {
    const { user, onSubmit, onClose } = setup();
    await user.click(screen.getByRole('radio', { name: 'Teal' }));
    await user.type(screen.getByLabelText('Title'), 'Release notes');
    await user.selectOptions(screen.getByLabelText('Type'), 'Link');
    await user.type(screen.getByLabelText('URL'), 'https://example.com/release');
    await user.type(content(), 'Read *this*');
    await user.selectOptions(screen.getByLabelText('Priority'), 'High');
    await user.type(screen.getByLabelText('Tags'), 'release, docs');
    await user.type(screen.getByLabelText('Expires at'), '2030-05-04T10:30');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledWith(
      {
        color: '#80CBC4',
        title: 'Release notes',
        type: 'Link',
        url: 'https://example.com/release',
        content: 'Read *this*',
        priority: 'High',
        tags: 'release, docs',
        expiresAt: '2030-05-04T10:30',
      },
      null,
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('starts an edit from the note and saves with Save', async () => {
    const { user, onSubmit } = setup({
      mode: 'edit',
      initial: { title: 'Old', color: '#F8BBD0', tags: 'a, b' },
    });
    expect(screen.getByRole('dialog', { name: 'Edit Note' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Pink' })).toBeChecked();
    expect(screen.getByLabelText('Tags')).toHaveValue('a, b');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ title: 'Old' }), null);
  });

  it('leaves out the expiry when the board does not allow it', () => {
    setup({ allowExpiration: false });
    expect(screen.queryByLabelText('Expires at')).toBeNull();
  });

  it('keeps the dialog open with the input when saving fails', async () => {
    const { user, onClose } = setup({ onSubmit: () => Promise.resolve(false) });
    await user.type(screen.getByLabelText('Title'), 'Kept');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Title')).toHaveValue('Kept');
  });
});

describe('NoteFormModal validation (spec §5 note dialog)', () => {
  it('requires a title: shows the message, focuses the field, saves nothing', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText('Title'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Title is required');
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a title longer than 100 characters', async () => {
    const { user, onSubmit } = setup({ mode: 'edit', initial: { title: 'x'.repeat(101) } });
    expect(screen.getByText('101 of 100 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Title must be at most 100 characters');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('requires a URL for Link notes', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText('Title'), 'Docs');
    await user.selectOptions(screen.getByLabelText('Type'), 'Link');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent('URL is required for link posts');
    expect(screen.getByLabelText('URL')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('URL'), 'https://example.com');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('warns when the expiry has already passed', async () => {
    const { user } = setup();
    expect(screen.getByText('Optional. From this moment on the note is hidden.')).toBeVisible();
    await user.type(screen.getByLabelText('Expires at'), '2001-01-01T10:00');
    expect(
      screen.getByText('This moment has passed: the note will be hidden as soon as it is saved.'),
    ).toBeInTheDocument();
  });
});

describe('NoteFormModal markdown toolbar (spec §2: bold, italic, link, H2, list)', () => {
  it('wraps the selection in bold and keeps it selected', async () => {
    const { user } = setup();
    await typeAndSelect(user, 'make this loud', 'this');
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(content()).toHaveValue('make **this** loud');
    expect(content()).toHaveFocus();
    expect([content().selectionStart, content().selectionEnd]).toEqual([7, 11]);
  });

  it('wraps the selection in italic', async () => {
    const { user } = setup();
    await typeAndSelect(user, 'a gentle word', 'gentle');
    await user.click(screen.getByRole('button', { name: 'Italic' }));
    expect(content()).toHaveValue('a *gentle* word');
  });

  it('turns the selection into a link and selects the URL to type over', async () => {
    const { user } = setup();
    await typeAndSelect(user, 'see the docs', 'the docs');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect(content()).toHaveValue('see [the docs](https://)');
    const { selectionStart, selectionEnd, value } = content();
    expect(value.slice(selectionStart, selectionEnd)).toBe('https://');
  });

  it('makes the selected line a heading and the selected lines a list', async () => {
    const { user } = setup();
    await typeAndSelect(user, 'Title{Enter}one{Enter}two', 'Title');
    await user.click(screen.getByRole('button', { name: 'Heading (H2)' }));
    expect(content()).toHaveValue('## Title\none\ntwo');
    const start = content().value.indexOf('one');
    content().setSelectionRange(start, content().value.length);
    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(content()).toHaveValue('## Title\n- one\n- two');
  });

  it('applies bold and italic with Ctrl+B and Ctrl+I in the textarea', async () => {
    const { user } = setup();
    await typeAndSelect(user, 'key word', 'key');
    await user.keyboard('{Control>}b{/Control}');
    expect(content()).toHaveValue('**key** word');
    await user.keyboard('{Control>}i{/Control}');
    expect(content()).toHaveValue('***key*** word');
  });
});

describe('NoteFormModal Enter (spec §2: Enter submits unless in the textarea)', () => {
  it('submits with Enter in the title', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText('Title'), 'Quick note{Enter}');
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ title: 'Quick note' }), null);
  });

  it('submits with Enter on a select, where browsers do not', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText('Title'), 'T');
    screen.getByLabelText('Priority').focus();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('starts a new line with Enter in the textarea and does not submit', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText('Title'), 'T');
    await user.type(content(), 'line one{Enter}line two');
    expect(content()).toHaveValue('line one\nline two');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits from the textarea with Ctrl+Enter', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText('Title'), 'T');
    await user.type(content(), 'body');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ content: 'body' }), null);
  });

  it('presses a toolbar button with Enter instead of submitting', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText('Title'), 'T');
    screen.getByRole('button', { name: 'Bold' }).focus();
    await user.keyboard('{Enter}');
    expect(content()).toHaveValue('****');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
