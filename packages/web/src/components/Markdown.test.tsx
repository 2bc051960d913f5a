import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Markdown } from './Markdown.tsx';

function mentions(text: string, me?: string): string[] {
  const { container } = render(
    <Markdown text={text} mentions={{ members: ['bob', 'anna', 'anna-lena', 'j.doe'], me }} />,
  );
  return [...container.querySelectorAll('.mention')].map(
    (node) => `${node.textContent}${node.classList.contains('mention-me') ? '*' : ''}`,
  );
}

describe('Markdown mentions', () => {
  it('highlights mentions of members, ignoring case, the reader marked', () => {
    expect(mentions('Hi @Bob and @anna-lena, cc @anna.', 'bob')).toEqual([
      '@Bob*',
      '@anna-lena',
      '@anna',
    ]);
    expect(mentions('ask @j.doe')).toEqual(['@j.doe']);
  });

  it('leaves e-mail addresses, unknown names, code and link texts alone', () => {
    expect(mentions('mail bob@example.org or @bobby or `@bob` or [@bob](https://x.org)')).toEqual(
      [],
    );
  });

  it('renders no mentions without members, and stays sanitised', () => {
    const { container } = render(<Markdown text={'@bob <img src=x onerror=alert(1)>'} />);
    expect(container.querySelector('.mention')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });
});
