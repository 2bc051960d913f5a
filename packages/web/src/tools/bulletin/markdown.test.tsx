import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Markdown, MARKDOWN_LINK_REL } from '../../components/Markdown.tsx';
import { XSS_CORPUS_TEXT, XSS_PAYLOADS } from './xss-corpus.ts';

function rendered(text: string): HTMLElement {
  const { container } = render(<Markdown text={text} />);
  const root = container.querySelector('.markdown');
  if (!(root instanceof HTMLElement)) throw new Error('no markdown root');
  return root;
}

const DANGEROUS_ELEMENTS = [
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'svg',
  'math',
  'style',
  'link',
  'meta',
  'base',
  'form',
  'button',
  'textarea',
  'select',
  'audio',
  'video',
  'source',
  'noscript',
  'template',
  'body',
  'img',
];
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc'];

/** Every way the rendered DOM could run script; empty when it is inert. */
function dangers(root: HTMLElement): string[] {
  const found: string[] = [];
  for (const tag of DANGEROUS_ELEMENTS) if (root.querySelector(tag)) found.push(`<${tag}> element`);
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${name} attribute on <${element.localName}>`);
      if (name === 'style') found.push(`style attribute on <${element.localName}>`);
      if (URL_ATTRIBUTES.includes(name)) {
        // Browsers ignore whitespace and control characters inside a scheme.
        // eslint-disable-next-line no-control-regex
        const url = attribute.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
        if (/^(javascript|data|vbscript):/.test(url)) found.push(`${name}="${attribute.value}"`);
        if (name === 'href' && /^[a-z][a-z0-9+.-]*:/.test(url) && !/^(https?|mailto):/.test(url))
          found.push(`href with another scheme: ${attribute.value}`);
      }
    }
  }
  return found;
}

describe('Markdown rendering (spec §2 markdown-formatted content)', () => {
  it('renders bold, italic, H2, lists and paragraphs as elements', () => {
    const root = rendered('## Plan\n\nThis is **bold** and *italic*.\n\n- one\n- two\n\n1. first');
    expect(root.querySelector('h2')).toHaveTextContent('Plan');
    expect(root.querySelector('strong')).toHaveTextContent('bold');
    expect(root.querySelector('em')).toHaveTextContent('italic');
    expect([...root.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual([
      'one',
      'two',
    ]);
    expect(root.querySelector('ol > li')).toHaveTextContent('first');
  });

  it('opens links in a new tab without opener, referrer or endorsement', () => {
    const root = rendered('See [the docs](https://example.com/docs) or <https://example.org>.');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com/docs',
      'https://example.org',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', MARKDOWN_LINK_REL);
    }
    expect(MARKDOWN_LINK_REL).toBe('noopener noreferrer nofollow');
  });

  it('keeps mailto links', () => {
    const root = rendered('[mail us](mailto:team@example.com)');
    expect(root.querySelector('a')).toHaveAttribute('href', 'mailto:team@example.com');
  });

  it('shows raw HTML as the text it is', () => {
    const root = rendered('Use <b>tags</b> here');
    expect(root.querySelector('b')).toBeNull();
    expect(root).toHaveTextContent('Use <b>tags</b> here');
  });

  it('turns images into links to the image', () => {
    const root = rendered('![team photo](https://example.com/team.png)');
    expect(root.querySelector('img')).toBeNull();
    const link = root.querySelector('a');
    expect(link).toHaveAttribute('href', 'https://example.com/team.png');
    expect(link).toHaveTextContent('team photo');
    expect(link).toHaveAttribute('rel', MARKDOWN_LINK_REL);
  });

  it('keeps code as text', () => {
    const root = rendered('`<script>x</script>`\n\n```\nconst a = 1;\n```');
    expect(root.querySelector('code')).toHaveTextContent('<script>x</script>');
    expect(root.querySelector('pre code')).toHaveTextContent('const a = 1;');
  });

  it('renders an empty text as nothing', () => {
    expect(rendered('').childElementCount).toBe(0);
  });
});

describe('XSS corpus renders inert', () => {
  it('has at least 20 classic payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(20);
  });

  it.each(XSS_PAYLOADS.map((payload) => [payload.name, payload.content]))(
    '%s',
    (_name, content) => {
      const root = rendered(content);
      expect(dangers(root)).toEqual([]);
    },
  );

  it('the whole corpus in one note', () => {
    const root = rendered(XSS_CORPUS_TEXT);
    expect(dangers(root)).toEqual([]);
    // The links of the corpus lost their addresses but kept their text.
    expect(root.querySelectorAll('a[href]')).toHaveLength(0);
    expect(root).toHaveTextContent('click me');
  });

  it('the checker itself finds what it looks for', () => {
    const root = document.createElement('div');
    const element = (tag: string, attributes: Record<string, string>) => {
      const made = document.createElement(tag);
      for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
      root.append(made);
    };
    element('a', { href: 'jav\tascript:x' });
    element('img', { src: 'x', onerror: 'x' });
    element('svg', {});
    element('p', { style: 'x' });
    expect(dangers(root)).toEqual([
      '<svg> element',
      '<img> element',
      'href="jav\tascript:x"',
      'href with another scheme: jav\tascript:x',
      'onerror attribute on <img>',
      'style attribute on <p>',
    ]);
  });
});
