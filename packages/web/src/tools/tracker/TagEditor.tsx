/**
 * Tags of the tracker tools (spec §3 Issue/card `tags`) with the board's tag colours
 * (content `tagColors`, operation `setTagColor`): the tag editor of the shared issue form, the
 * coloured tag chips of cards and issue items, and the dialog that gives each tag its colour.
 */
import { X } from 'lucide-react';
import { useId, useState, type CSSProperties, type KeyboardEvent } from 'react';

import { cleanTags, tagColorKey } from '@cipherspace/tools/tracker';
import { Modal } from '../../components/Modal.tsx';
import { m } from '../../paraglide/messages.js';
import './tracker-plan.css';

/** The colours the tag colour dialog offers first (the phase colours and a few more). */
export const TAG_COLOR_CHOICES: readonly string[] = [
  '#6c757d',
  '#17a2b8',
  '#28a745',
  '#ffc107',
  '#fd7e14',
  '#dc3545',
  '#6f42c1',
  '#e83e8c',
  '#20c997',
  '#343a40',
];

const HEX_PATTERN = /^#([0-9a-f]{6})$/i;

/**
 * The text colour that reads on `background` (`#rrggbb`, either case): near-black on light
 * colours, white on dark ones, chosen by the WCAG contrast ratio against both. Null when
 * `background` is not a `#rrggbb` colour.
 */
export function readableTextColor(background: string): '#1a1a1a' | '#ffffff' | null {
  const match = HEX_PATTERN.exec(background.trim());
  const hex = match?.[1];
  if (hex === undefined) return null;
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast with white (L 1) and with #1a1a1a (L ≈ 0.0103): the larger ratio wins.
  const againstWhite = 1.05 / (luminance + 0.05);
  const againstDark = (luminance + 0.05) / (0.0103 + 0.05);
  return againstDark >= againstWhite ? '#1a1a1a' : '#ffffff';
}

/** The colour `#rrggbb` the board gives a tag (matched ignoring case), or null. */
export function tagColorIn(
  tagColors: Readonly<Record<string, string>> | undefined,
  tag: string,
): string | null {
  const key = tagColorKey(tag);
  return tagColors !== undefined && Object.hasOwn(tagColors, key) ? (tagColors[key] ?? null) : null;
}

function chipStyle(color: string | null): CSSProperties | undefined {
  if (color === null) return undefined;
  const text = readableTextColor(color);
  return text === null ? undefined : { background: color, color: text, borderColor: color };
}

/** One tag as a chip in the board's colour for it (`tagColors`), default colour otherwise. */
export function TagChip({
  tag,
  tagColors,
}: {
  tag: string;
  tagColors: Readonly<Record<string, string>> | undefined;
}) {
  return (
    <span className="tracker-tag" style={chipStyle(tagColorIn(tagColors, tag))}>
      {tag}
    </span>
  );
}

/** An item's tags as coloured chips, labelled 'Tags' for screen readers; nothing without tags. */
export function TagChips({
  tags,
  tagColors,
}: {
  tags: readonly string[];
  tagColors: Readonly<Record<string, string>> | undefined;
}) {
  if (tags.length === 0) return null;
  return (
    <span className="tracker-tags" role="list" aria-label={m.tracker_tags_label()}>
      {tags.map((tag) => (
        <span key={tag} role="listitem">
          <TagChip tag={tag} tagColors={tagColors} />
        </span>
      ))}
    </span>
  );
}

/**
 * The tag editor of the issue form: the tags as chips with a remove button each, and an input
 * where Enter or a comma adds what was typed (a tag equal to one already there, ignoring case,
 * is not added twice); leaving the input adds it too; Backspace in the empty input removes the
 * last tag. `suggestions` (the board's tags) are offered while typing. `id` is the input's id
 * (its label is 'Tags').
 */
export function TagEditor({
  id,
  value,
  suggestions,
  tagColors,
  onChange,
}: {
  id: string;
  value: readonly string[];
  suggestions: readonly string[];
  tagColors?: Readonly<Record<string, string>>;
  onChange: (tags: string[]) => void;
}) {
  const [text, setText] = useState('');
  const listId = useId();
  const hintId = useId();
  const present = new Set(value.map(tagColorKey));
  const offered = cleanTags(suggestions).filter((tag) => !present.has(tagColorKey(tag)));

  function add(raw: string) {
    // The domain's rule (cleanTags), so the form shows the tags as the board will store them.
    const next = cleanTags([...value, ...raw.split(',')]);
    if (next.length !== value.length || next.some((tag, at) => tag !== value[at])) onChange(next);
    setText('');
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if ((event.key === 'Enter' || event.key === ',') && text.trim() !== '') {
      event.preventDefault();
      add(text);
    } else if (event.key === ',') {
      event.preventDefault();
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div className="field tracker-tag-editor">
      <label htmlFor={id}>{m.tracker_tags_label()}</label>
      {value.length > 0 ? (
        <ul className="tracker-tag-editor-chips" aria-label={m.tracker_tags_chosen()}>
          {value.map((tag) => (
            <li key={tag}>
              <span className="tracker-tag" style={chipStyle(tagColorIn(tagColors, tag))}>
                {tag}
                <button
                  type="button"
                  className="tracker-tag-remove"
                  aria-label={m.tracker_tag_remove({ tag })}
                  title={m.tracker_tag_remove({ tag })}
                  onClick={() => onChange(value.filter((other) => other !== tag))}
                >
                  <X size={12} aria-hidden="true" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        value={text}
        list={listId}
        autoComplete="off"
        aria-describedby={hintId}
        onChange={(event) => {
          const typed = event.target.value;
          // A pasted or picked text with commas adds its tags at once.
          if (typed.includes(',')) add(typed);
          else setText(typed);
        }}
        onKeyDown={keyDown}
        onBlur={() => {
          if (text.trim() !== '') add(text);
        }}
      />
      <datalist id={listId}>
        {offered.map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
      <p id={hintId} className="field-hint">
        {m.tracker_tags_hint()}
      </p>
    </div>
  );
}

/**
 * The board's tags with their colours (content `tagColors`): a choice of colours per tag, a
 * custom colour picker and 'Default' (no colour of its own). `onSetColor(tag, color | null)`
 * runs `setTagColor` and resolves whether it was saved.
 */
export function TagColorsDialog({
  open,
  tags,
  tagColors,
  onSetColor,
  onClose,
}: {
  open: boolean;
  tags: readonly string[];
  tagColors: Readonly<Record<string, string>> | undefined;
  onSetColor: (tag: string, color: string | null) => Promise<boolean>;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={m.tracker_tag_colors_title()}
    >
      {tags.length === 0 ? (
        <p className="field-hint">{m.tracker_tag_colors_empty()}</p>
      ) : (
        <ul className="tracker-tag-colors">
          {cleanTags(tags).map((tag) => (
            <TagColorRow
              key={tagColorKey(tag)}
              tag={tag}
              color={tagColorIn(tagColors, tag)}
              tagColors={tagColors}
              onSetColor={onSetColor}
            />
          ))}
        </ul>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {m.common_close()}
        </button>
      </div>
    </Modal>
  );
}

function TagColorRow({
  tag,
  color,
  tagColors,
  onSetColor,
}: {
  tag: string;
  color: string | null;
  tagColors: Readonly<Record<string, string>> | undefined;
  onSetColor: (tag: string, color: string | null) => Promise<boolean>;
}) {
  const customId = useId();
  // The picker reports every colour it passes; the colour is saved once the member leaves it.
  const [custom, setCustom] = useState<string | null>(null);
  return (
    <li className="tracker-tag-color-row">
      <TagChip tag={tag} tagColors={tagColors} />
      <div
        className="tracker-tag-swatches"
        role="group"
        aria-label={m.tracker_tag_color_of({ tag })}
      >
        {TAG_COLOR_CHOICES.map((choice) => (
          <button
            key={choice}
            type="button"
            className="tracker-tag-swatch"
            style={{ background: choice }}
            aria-label={m.tracker_tag_color_choice({ tag, color: choice })}
            aria-pressed={color === choice}
            onClick={() => void onSetColor(tag, choice)}
          />
        ))}
        <label className="tracker-tag-custom" htmlFor={customId}>
          <span className="visually-hidden">{m.tracker_tag_color_custom({ tag })}</span>
          <input
            id={customId}
            type="color"
            value={custom ?? color ?? '#6c757d'}
            onChange={(event) => setCustom(event.target.value)}
            onBlur={() => {
              if (custom !== null && custom !== color) void onSetColor(tag, custom);
              setCustom(null);
            }}
          />
        </label>
        <button
          type="button"
          className="button button-small"
          disabled={color === null}
          aria-label={m.tracker_tag_color_reset({ tag })}
          onClick={() => void onSetColor(tag, null)}
        >
          {m.tracker_tag_color_default()}
        </button>
      </div>
    </li>
  );
}
