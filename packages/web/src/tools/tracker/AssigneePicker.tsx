/**
 * The "Assigned person" field of the shared issue form (spec §2, §3 Issue `assignedPerson`): a
 * text input with a listbox of the space's members matching what was typed (WAI-ARIA combobox
 * with list autocomplete). Typing stays free (an assignee who is not a member is kept and
 * shown); picking a member takes their spelling; the clear button empties the field.
 */
import { distinctMembers } from '@cipherspace/tools/tracker';
import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';

import { useSession } from '../../lib/session.ts';
import { trpc } from '../../lib/trpc.ts';
import { m } from '../../paraglide/messages.js';
import './tracker-plan.css';

/**
 * The members offered for `typed`: one name per member (`distinctMembers` of the tracker domain),
 * those whose name contains it ignoring case (all when blank), names starting with it first, each
 * group sorted; at most `limit`. Any name is offered: an assignee may be a full name.
 */
export function matchingMembers(members: readonly string[], typed: string, limit = 50): string[] {
  const needle = typed.trim().toLowerCase();
  const sorted = distinctMembers(members).sort((a, b) => a.localeCompare(b));
  if (needle === '') return sorted.slice(0, limit);
  const starts = sorted.filter((name) => name.toLowerCase().startsWith(needle));
  const contains = sorted.filter(
    (name) => !name.toLowerCase().startsWith(needle) && name.toLowerCase().includes(needle),
  );
  return [...starts, ...contains].slice(0, limit);
}

/**
 * The names the assignee field offers: the user names of the signed-in member's space
 * (`users.list`, a member procedure) followed by `known` (the people the board knows: its team
 * members, assignees, creators), one name per person ignoring case. While the space's members
 * load, or when they cannot be loaded (offline), only `known`.
 */
export function useSpaceMembers(known: readonly string[]): string[] {
  const session = useSession();
  const spaceName = session?.space.name ?? '';
  const users = trpc.users.list.useQuery(
    { space_name: spaceName },
    { enabled: spaceName !== '', staleTime: 60_000, retry: false },
  );
  const names = users.data?.users.map((user) => user.username) ?? [];
  return distinctMembers([...names, ...known]);
}

/**
 * The combobox. `id` is the input's (the caller labels it, e.g. 'Assigned person'); `members`
 * the names to offer; `onChange` gets the text typed or the member picked ('' when cleared).
 */
export function AssigneePicker({
  id,
  value,
  members,
  onChange,
}: {
  id: string;
  value: string;
  members: readonly string[];
  onChange: (value: string) => void;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = matchingMembers(members, value);
  const exact = options.length === 1 && options[0]?.toLowerCase() === value.trim().toLowerCase();
  const expanded = open && options.length > 0 && !exact;
  const optionId = (index: number) => `${listId}-option-${String(index)}`;

  function pick(name: string) {
    onChange(name);
    setOpen(false);
    setActive(-1);
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : options.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      const chosen = options[active];
      if (chosen !== undefined) {
        event.preventDefault();
        pick(chosen);
      }
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <div className="tracker-assignee">
      <div className="tracker-assignee-input">
        <input
          id={id}
          value={value}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={keyDown}
        />
        {value !== '' ? (
          <button
            type="button"
            className="tracker-assignee-clear"
            aria-label={m.tracker_assignee_clear()}
            title={m.tracker_assignee_clear()}
            onClick={() => {
              onChange('');
              document.getElementById(id)?.focus();
            }}
          >
            <X size={14} aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={m.tracker_assignee_members()}
        className="tracker-assignee-list"
        hidden={!expanded}
      >
        {options.map((name, index) => (
          <li
            key={name}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'is-active' : undefined}
            // Before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(name);
            }}
          >
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}
