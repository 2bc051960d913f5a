/**
 * Markdown of sticky notes as React elements (spec §2 /tools/bulletin "markdown-formatted
 * content"; settings.allowMarkdown). Note text comes from other members of the space, so it is
 * never handed to the DOM as HTML: remark parses it, remark-rehype turns it into an HTML syntax
 * tree in which raw HTML stays visible *text*, rehype-sanitize keeps only GitHub's safe subset
 * (no script, style, iframe, object, embed, svg, math, form, no `on*` or `style` attributes) and
 * only http(s)/mailto links, and rehype-react builds React elements from what is left.
 * Afterwards links open in a new tab with rel="noopener noreferrer nofollow", and images become
 * links to the image (the app's Content-Security-Policy does not load images from elsewhere).
 */
import { memo, useMemo, type ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import rehypeReact from 'rehype-react';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

import { SAFE_LINK_PROTOCOLS } from '@cipherspace/tools/bulletin';

/** `rel` of every link in a note: no window.opener, no referrer, no endorsement. */
export const MARKDOWN_LINK_REL = 'noopener noreferrer nofollow';

/**
 * GitHub's sanitize schema (rehype-sanitize `defaultSchema`) with links limited to the note
 * link protocols (http, https, mailto) and images to http(s).
 */
export const MARKDOWN_SANITIZE_SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  protocols: {
    ...defaultSchema.protocols,
    href: [...SAFE_LINK_PROTOCOLS],
    src: ['http', 'https'],
  },
};

interface TreeNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: TreeNode[];
}

function isTreeNode(value: unknown): value is TreeNode {
  return typeof value === 'object' && value !== null && 'type' in value;
}

/** Images as links to the image (alt text, else the address, as the link text). */
function imageAsLink(node: TreeNode): void {
  const properties = node.properties ?? {};
  const src = typeof properties.src === 'string' ? properties.src : '';
  const alt = typeof properties.alt === 'string' && properties.alt !== '' ? properties.alt : src;
  node.tagName = src === '' ? 'span' : 'a';
  node.properties = src === '' ? {} : { href: src };
  node.children = [{ type: 'text', value: alt } as TreeNode];
}

/**
 * A rehype plugin run after sanitizing: every link with an address gets target="_blank" and
 * {@link MARKDOWN_LINK_REL}; images become such links.
 */
function externalLinks() {
  return (tree: unknown): void => {
    const visit = (node: unknown): void => {
      if (!isTreeNode(node)) return;
      if (node.type === 'element' && node.tagName === 'img') imageAsLink(node);
      if (node.type === 'element' && node.tagName === 'a') {
        const href = node.properties?.href;
        if (typeof href === 'string' && href !== '' && !href.startsWith('#')) {
          node.properties = { ...node.properties, target: '_blank', rel: MARKDOWN_LINK_REL };
        }
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkRehype, {
    // Raw HTML in a note is shown as the text it is, never parsed as markup.
    handlers: { html: (_state, node: { value: string }) => ({ type: 'text', value: node.value }) },
  })
  .use(rehypeSanitize, MARKDOWN_SANITIZE_SCHEMA)
  .use(externalLinks)
  .use(rehypeReact, { Fragment, jsx, jsxs })
  .freeze();

/**
 * The React elements of the markdown `text` (CommonMark), sanitized as described in the module
 * comment. Never throws for any input text.
 */
export function renderMarkdown(text: string): ReactElement {
  return processor.processSync(text).result;
}

/**
 * Note content rendered from markdown inside a `div.markdown`; the elements are computed once
 * per text (a note re-rendered with the same text reuses them).
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const elements = useMemo(() => renderMarkdown(text), [text]);
  return <div className="markdown">{elements}</div>;
});
