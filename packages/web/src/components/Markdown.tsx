/**
 * Markdown written by members as React elements: sticky notes (spec §2 /tools/bulletin
 * "markdown-formatted content"; settings.allowMarkdown), issue descriptions and comments of
 * Kanban and Issue Management. The text comes from other members of the space, so it is
 * never handed to the DOM as HTML: remark parses it, remark-rehype turns it into an HTML syntax
 * tree in which raw HTML stays visible *text*, rehype-sanitize keeps only GitHub's safe subset
 * (no script, style, iframe, object, embed, svg, math, form, no `on*` or `style` attributes) and
 * only http(s)/mailto links, and rehype-react builds React elements from what is left.
 * Afterwards links open in a new tab with rel="noopener noreferrer nofollow", images become
 * links to the image (the app's Content-Security-Policy does not load images from elsewhere),
 * and `@name` mentions of the given members are highlighted.
 */
import { memo, useMemo, type ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import rehypeReact from 'rehype-react';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

import { SAFE_LINK_PROTOCOLS } from '@cipherspace/tools/bulletin';
import { isMentionable } from '@cipherspace/tools/tracker';

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

/** Which `@name` mentions to highlight: the members' names and, among them, the reader's. */
export interface MentionHighlight {
  /** Member names; `@name` of one of them (ignoring case) is highlighted. */
  readonly members: readonly string[];
  /** The reader's name: their own mentions are marked `mention-me` as well. */
  readonly me?: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The pattern of a mention of one of `members`, bounded as `mentionsIn` bounds it (not inside an
 * e-mail address; a trailing '.' ends the sentence); null when none can be mentioned.
 */
function mentionPattern(members: readonly string[]): RegExp | null {
  const names = [...new Set(members.map((name) => name.trim()))]
    // Only names mentionsIn of @cipherspace/tools/tracker can find.
    .filter(isMentionable)
    // Longest first, so '@anna-lena' is not cut short at '@anna'.
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);
  if (names.length === 0) return null;
  return new RegExp(
    `(?<![\\p{L}\\p{N}_.@-])@(${names.join('|')})(?![\\p{L}\\p{N}_-]|\\.[\\p{L}\\p{N}_-])`,
    'giu',
  );
}

// Text in these elements is shown as written: code is code, and a link keeps its own text.
const NO_MENTIONS_IN = new Set(['code', 'pre', 'a']);

/**
 * A rehype plugin run after sanitizing: in text outside code and links, each mention of a member
 * (the file's `data.mentions`, a {@link MentionHighlight}) becomes `<span class="mention">`, with
 * `mention-me` added when it names the reader.
 */
function highlightMentions() {
  return (tree: unknown, file: { data: Record<string, unknown> }): void => {
    const options = file.data.mentions as MentionHighlight | undefined;
    const pattern = options ? mentionPattern(options.members) : null;
    if (!options || !pattern) return;
    const me = options.me?.trim().toLowerCase() ?? '';
    const split = (value: string): TreeNode[] | null => {
      const parts: TreeNode[] = [];
      let last = 0;
      for (const match of value.matchAll(pattern)) {
        const name = match[1] ?? '';
        if (match.index > last)
          parts.push({ type: 'text', value: value.slice(last, match.index) } as TreeNode);
        const mine = me !== '' && name.toLowerCase() === me;
        parts.push({
          type: 'element',
          tagName: 'span',
          properties: { className: mine ? ['mention', 'mention-me'] : ['mention'] },
          children: [{ type: 'text', value: match[0] } as TreeNode],
        });
        last = match.index + match[0].length;
      }
      if (parts.length === 0) return null;
      if (last < value.length) parts.push({ type: 'text', value: value.slice(last) } as TreeNode);
      return parts;
    };
    const visit = (node: TreeNode): void => {
      if (node.type === 'element' && NO_MENTIONS_IN.has(node.tagName ?? '')) return;
      if (!node.children) return;
      node.children = node.children.flatMap((child) => {
        if (child.type === 'text') {
          const value = (child as TreeNode & { value?: unknown }).value;
          return typeof value === 'string' ? (split(value) ?? [child]) : [child];
        }
        visit(child);
        return [child];
      });
    };
    if (isTreeNode(tree)) visit(tree);
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
  .use(highlightMentions)
  .use(rehypeReact, { Fragment, jsx, jsxs })
  .freeze();

/**
 * The React elements of the markdown `text` (CommonMark), sanitized as described in the module
 * comment, with the `mentions` highlighted when given. Never throws for any input text.
 */
export function renderMarkdown(text: string, mentions?: MentionHighlight): ReactElement {
  return processor.processSync({ value: text, data: mentions ? { mentions } : {} }).result;
}

/**
 * Markdown `text` rendered inside a `div.markdown` (plus `className` when given); the elements
 * are computed once per text and mentions (a note re-rendered with the same text reuses them).
 * With `mentions`, `@name` of those members is highlighted (`span.mention`).
 */
export const Markdown = memo(function Markdown({
  text,
  mentions,
  className,
}: {
  text: string;
  mentions?: MentionHighlight;
  className?: string;
}) {
  const members = mentions?.members;
  const me = mentions?.me;
  const elements = useMemo(
    () => renderMarkdown(text, members ? { members, me } : undefined),
    [text, members, me],
  );
  return <div className={className ? `markdown ${className}` : 'markdown'}>{elements}</div>;
});
