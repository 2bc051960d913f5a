import { describe, expect, it } from 'vitest';

import {
  applyMarkdownFormat,
  MARKDOWN_FORMATS,
  type FormattedText,
  type MarkdownFormat,
} from './markdown-format.ts';

/** Formats `marked`, where « and » mark the selection, and returns the result marked alike. */
function format(marked: string, kind: MarkdownFormat): string {
  const start = marked.indexOf('«');
  const end = marked.indexOf('»') - 1;
  const text = marked.replace('«', '').replace('»', '');
  return mark(applyMarkdownFormat(text, { start, end }, kind));
}

function mark({ text, selection }: FormattedText): string {
  const { start, end } = selection;
  return `${text.slice(0, start)}«${text.slice(start, end)}»${text.slice(end)}`;
}

describe('toolbar buttons (spec §2: bold, italic, link, H2, list)', () => {
  it('lists the five buttons in order', () => {
    expect(MARKDOWN_FORMATS).toEqual(['bold', 'italic', 'link', 'heading', 'list']);
  });
});

describe('applyMarkdownFormat bold / italic', () => {
  it('wraps the selection and keeps it selected', () => {
    expect(format('say «hello» world', 'bold')).toBe('say **«hello»** world');
    expect(format('say «hello» world', 'italic')).toBe('say *«hello»* world');
  });

  it('inserts an empty pair with the caret between when nothing is selected', () => {
    expect(format('say «»', 'bold')).toBe('say **«»**');
    expect(format('«»', 'italic')).toBe('*«»*');
  });

  it('unwraps a selection that is already wrapped', () => {
    expect(format('say **«hello»** world', 'bold')).toBe('say «hello» world');
    expect(format('say *«hello»* world', 'italic')).toBe('say «hello» world');
  });

  it('adds italic to bold text instead of eating the bold stars, and removes it again', () => {
    expect(format('**«hi»**', 'italic')).toBe('***«hi»***');
    expect(format('***«hi»***', 'italic')).toBe('**«hi»**');
    expect(format('*«hi»*', 'bold')).toBe('***«hi»***');
  });

  it('turns a reversed selection around and clamps offsets outside the text', () => {
    expect(mark(applyMarkdownFormat('abc', { start: 3, end: 1 }, 'bold'))).toBe('a**«bc»**');
    expect(mark(applyMarkdownFormat('abc', { start: -4, end: 99 }, 'italic'))).toBe('*«abc»*');
  });
});

describe('applyMarkdownFormat link', () => {
  it('makes the selection the link text and selects the URL placeholder', () => {
    expect(format('see «the docs» now', 'link')).toBe('see [the docs](«https://») now');
  });

  it('puts the caret between empty brackets when nothing is selected', () => {
    expect(format('see «»', 'link')).toBe('see [«»](https://)');
  });
});

describe('applyMarkdownFormat H2 / list (line prefixes)', () => {
  it('prefixes the line the caret is in and moves the caret along', () => {
    expect(format('one\ntw«»o\nthree', 'heading')).toBe('one\n## tw«»o\nthree');
    expect(format('one\ntw«»o\nthree', 'list')).toBe('one\n- tw«»o\nthree');
  });

  it('prefixes every line the selection touches and selects the block', () => {
    expect(format('intro\nfi«rst\nsec»ond\nlast', 'list')).toBe('intro\n«- first\n- second»\nlast');
  });

  it('does not touch the line after a selection that ends with a line break', () => {
    expect(format('«a\nb\n»c', 'list')).toBe('«- a\n- b»\nc');
  });

  it('removes the prefix when every touched line has it', () => {
    expect(format('«- a\n- b»', 'list')).toBe('«a\nb»');
    expect(format('## Ti«»tle', 'heading')).toBe('Ti«»tle');
  });

  it('adds the prefix to all lines when only some have it', () => {
    expect(format('«- a\nb»', 'list')).toBe('«- - a\n- b»');
  });

  it('works on an empty text', () => {
    expect(format('«»', 'heading')).toBe('## «»');
  });
});
