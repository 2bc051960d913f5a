/**
 * Classic cross-site scripting payloads as sticky-note content. Every payload, were it ever
 * executed, would set `window.__xss` or open an `alert` dialog; the component test renders each one
 * and the whole corpus through the note markdown renderer, and the Chromium test pins a note with
 * {@link XSS_CORPUS_TEXT} and watches for either. Plain data, no DOM: the e2e spec imports it too.
 */

/** One payload: a short name for test titles and the note content that carries it. */
export interface XssPayload {
  name: string;
  content: string;
}

/** The payloads (raw HTML, markdown links and images, entity and case tricks, SVG/MathML). */
export const XSS_PAYLOADS: readonly XssPayload[] = [
  { name: 'script tag', content: '<script>window.__xss = 1</script>' },
  { name: 'script tag with alert', content: '<SCRIPT>alert(1)</SCRIPT>' },
  { name: 'img onerror', content: '<img src=x onerror="window.__xss = 1">' },
  { name: 'img onerror inline', content: 'Hello <img src=x onerror=alert(1)> world' },
  { name: 'svg onload', content: '<svg onload="window.__xss = 1"></svg>' },
  { name: 'svg script', content: '<svg><script>window.__xss = 1</script></svg>' },
  {
    name: 'svg xlink javascript',
    content:
      '<svg><a xlink:href="javascript:window.__xss = 1"><text x="0" y="20">x</text></a></svg>',
  },
  {
    name: 'MathML mXSS',
    content: '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = 1">',
  },
  { name: 'MathML href', content: '<math href="javascript:window.__xss = 1">click</math>' },
  { name: 'markdown javascript link', content: '[click me](javascript:window.__xss=1)' },
  { name: 'mixed-case javascript link', content: '[click me](JaVaScRiPt:alert(1))' },
  { name: 'entity-encoded colon', content: '[click me](javascript&#58;window.__xss=1)' },
  { name: 'entity-encoded j', content: '[click me](&#106;avascript:window.__xss=1)' },
  { name: 'tab inside the scheme (markdown)', content: '[click me](jav&#x09;ascript:alert(1))' },
  {
    name: 'tab inside the scheme (html)',
    content: '<a href="jav&#x09;ascript:alert(1)">click</a>',
  },
  { name: 'raw javascript anchor', content: '<a href="javascript:window.__xss = 1">click</a>' },
  { name: 'autolink javascript', content: '<javascript:window.__xss=1>' },
  {
    name: 'reference link javascript',
    content: '[click me][evil]\n\n[evil]: javascript:window.__xss=1',
  },
  {
    name: 'data URL link',
    content: '[click me](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  },
  {
    name: 'data URL image',
    content: '![pic](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  },
  { name: 'javascript image', content: '![pic](javascript:window.__xss=1)' },
  { name: 'vbscript link', content: '[click me](vbscript:msgbox(1))' },
  { name: 'iframe javascript', content: '<iframe src="javascript:window.__xss = 1"></iframe>' },
  {
    name: 'iframe srcdoc',
    content: '<iframe srcdoc="<script>parent.__xss = 1</script>"></iframe>',
  },
  { name: 'object data', content: '<object data="javascript:window.__xss = 1"></object>' },
  {
    name: 'embed data URL',
    content: '<embed src="data:text/html,<script>parent.__xss = 1</script>">',
  },
  {
    name: 'style import',
    content: "<style>@import 'javascript:window.__xss = 1'; body { display: none }</style>",
  },
  { name: 'style attribute', content: '<div style="background:url(javascript:alert(1))">x</div>' },
  {
    name: 'meta refresh',
    content: '<meta http-equiv="refresh" content="0;url=javascript:window.__xss = 1">',
  },
  { name: 'base href', content: '<base href="javascript:alert(1)//">' },
  { name: 'body onload', content: '<body onload="window.__xss = 1">' },
  { name: 'details ontoggle', content: '<details open ontoggle="window.__xss = 1">x</details>' },
  { name: 'input autofocus', content: '<input autofocus onfocus="window.__xss = 1">' },
  {
    name: 'form action',
    content: '<form action="javascript:window.__xss = 1"><button>go</button></form>',
  },
  { name: 'audio onerror', content: '<audio src=x onerror="window.__xss = 1"></audio>' },
  { name: 'video source onerror', content: '<video><source onerror="window.__xss = 1"></video>' },
  {
    name: 'noscript mXSS',
    content: '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  },
  { name: 'template script', content: '<template><script>alert(1)</script></template>' },
  {
    name: 'html inside a list item',
    content: '- item <img src=x onerror="window.__xss = 1">\n- <b onmouseover=alert(1)>b</b>',
  },
];

/** The whole corpus as one note's content: every payload, separated by blank lines. */
export const XSS_CORPUS_TEXT = XSS_PAYLOADS.map((payload) => payload.content).join('\n\n');
