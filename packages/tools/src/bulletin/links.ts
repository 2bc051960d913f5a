/**
 * Which link targets a note may point to (spec §2: a Link note has a URL; spec §3 Post `url`).
 * The URL is user text from the shared board, so it only becomes a link when it is a web or
 * mail address; `javascript:`, `data:`, `vbscript:` and every other scheme stay plain text. The
 * markdown renderer applies the same list to links inside note content.
 */

/** The URL schemes a note may link to, without the colon. */
export const SAFE_LINK_PROTOCOLS: readonly string[] = ['http', 'https', 'mailto'];

// A scheme is letters, digits, '+', '-', '.' before the first ':' (RFC 3986 §3.1).
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// Something that reads like a host name: 'example.com', 'intranet.local/path', 'host:8080'.
const BARE_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]\S*)?$/i;

/**
 * The `href` for a note's `url`, or null when it must not become a link: the trimmed URL when
 * it is an absolute http(s) or mailto URL; `https://` + the URL when it reads like a bare host
 * name ('example.com/x'); null for blank text, any other scheme (javascript:, data:, …),
 * control characters or whitespace inside, and anything `URL` cannot parse.
 */
export function noteLinkHref(url: string): string | null {
  const text = url.trim();
  // Browsers drop tabs and line breaks inside URLs ('jav\tascript:'), so refuse them outright.
  // eslint-disable-next-line no-control-regex
  if (text === '' || /[\s\u0000-\u001f\u007f]/.test(text)) return null;
  // 'host.example:8080' also looks like a scheme, so the host name test comes first.
  const candidate = BARE_HOST.test(text) ? `https://${text}` : SCHEME.test(text) ? text : null;
  if (candidate === null) return null;
  try {
    const parsed = new URL(candidate);
    const protocol = parsed.protocol.slice(0, -1).toLowerCase();
    if (!SAFE_LINK_PROTOCOLS.includes(protocol)) return null;
    return candidate;
  } catch {
    return null;
  }
}
