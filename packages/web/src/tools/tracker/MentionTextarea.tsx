/**
 * A comment box that offers the space's members while an `@name` is typed (WAI-ARIA combobox
 * with a list box): ↑/↓ choose, Enter or Tab inserts `@name `, Escape closes the list (and only
 * the list: the textarea carries `data-handles-escape` meanwhile, so a surrounding dialog stays
 * open). A click on a member inserts it too. Other keys go to `onKeyDown`.
 */
import {
  forwardRef,
  useCallback,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type TextareaHTMLAttributes,
} from 'react';

import { m } from '../../paraglide/messages.js';
import {
  insertMention,
  mentionOptions,
  mentionQueryAt,
  type MentionQuery,
} from './mention-query.ts';

/** What the box takes besides the usual textarea attributes. */
export interface MentionTextareaProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'onChange' | 'role'
> {
  value: string;
  onValueChange: (value: string) => void;
  /** The names that can be mentioned (see useMentionMembers). */
  members: readonly string[];
  /** The writer's own name, never offered. */
  me: string;
  /** Escape is handled by the caller as well (an inline edit cancels): mark it as handled. */
  handlesEscape?: boolean;
}

/** The `<textarea>` with its mention list; forwards its ref to the textarea. */
export const MentionTextarea = forwardRef<HTMLTextAreaElement, MentionTextareaProps>(
  function MentionTextarea(
    { value, onValueChange, members, me, handlesEscape = false, onKeyDown, className, ...rest },
    forwardedRef,
  ) {
    const listId = useId();
    const field = useRef<HTMLTextAreaElement>(null);
    // Where the caret goes once the value with a chosen mention is written: behind the mention.
    // Set in the same commit, so that a key typed right after the choice lands behind it too.
    const pendingCaret = useRef<number | null>(null);
    useLayoutEffect(() => {
      const element = field.current;
      const caret = pendingCaret.current;
      if (element === null || caret === null) return;
      pendingCaret.current = null;
      element.focus();
      element.setSelectionRange(caret, caret);
    }, [value]);
    useImperativeHandle(forwardedRef, () => field.current as HTMLTextAreaElement);
    const [query, setQuery] = useState<MentionQuery | null>(null);
    const [active, setActive] = useState(0);
    // The `@` whose list the member closed with Escape: it stays closed until they leave it.
    const [dismissed, setDismissed] = useState<number | null>(null);

    const options = query ? mentionOptions(members, query.query, me) : [];
    const open = query !== null && options.length > 0 && dismissed !== query.start;
    const activeIndex = Math.min(active, Math.max(0, options.length - 1));
    const optionId = (index: number) => `${listId}-option-${index}`;

    const follow = useCallback((text: string, caret: number) => {
      const next = mentionQueryAt(text, caret);
      setQuery((current) => {
        if (current?.start !== next?.start || current?.query !== next?.query) setActive(0);
        return next;
      });
      setDismissed((current) => (current !== null && current === next?.start ? current : null));
    }, []);

    const choose = (name: string) => {
      const element = field.current;
      if (!query || !element) return;
      const inserted = insertMention(value, query, element.selectionStart, name);
      pendingCaret.current = inserted.caret;
      onValueChange(inserted.text);
      setQuery(null);
    };

    const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (open && !event.ctrlKey && !event.metaKey && !event.altKey) {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          const step = event.key === 'ArrowDown' ? 1 : -1;
          setActive((activeIndex + step + options.length) % options.length);
          return;
        }
        if (event.key === 'Enter' || event.key === 'Tab') {
          const name = options[activeIndex];
          if (name !== undefined) {
            event.preventDefault();
            choose(name);
            return;
          }
        }
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          setDismissed(query.start);
          return;
        }
      }
      onKeyDown?.(event);
    };

    return (
      <div className="mention-box">
        <textarea
          {...rest}
          ref={field}
          className={className}
          value={value}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? optionId(activeIndex) : undefined}
          data-handles-escape={open || handlesEscape ? 'true' : undefined}
          onChange={(event) => {
            onValueChange(event.target.value);
            follow(event.target.value, event.target.selectionStart);
          }}
          onSelect={(event) =>
            follow(event.currentTarget.value, event.currentTarget.selectionStart)
          }
          onBlur={(event) => {
            setQuery(null);
            rest.onBlur?.(event);
          }}
          onKeyDown={keyDown}
        />
        {open ? (
          <ul
            id={listId}
            role="listbox"
            className="mention-list"
            aria-label={m.tracker_mention_list_label()}
          >
            {options.map((name, index) => (
              <li
                key={name}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={index === activeIndex ? 'mention-option is-active' : 'mention-option'}
                // Keep the focus (and the caret) in the textarea.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(name)}
              >
                @{name}
              </li>
            ))}
          </ul>
        ) : null}
        <span className="visually-hidden" role="status">
          {open
            ? options.length === 1
              ? m.tracker_mention_status_one()
              : m.tracker_mention_status({ count: options.length })
            : ''}
        </span>
      </div>
    );
  },
);
