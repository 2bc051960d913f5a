import { describe, expect, it } from 'vitest';

import { noteLinkHref } from './links.ts';

describe('noteLinkHref (a Link note only links to web and mail addresses)', () => {
  it('keeps absolute http, https and mailto URLs (trimmed)', () => {
    expect(noteLinkHref(' https://example.com/a?b=1#c ')).toBe('https://example.com/a?b=1#c');
    expect(noteLinkHref('HTTP://Example.com')).toBe('HTTP://Example.com');
    expect(noteLinkHref('mailto:team@example.com')).toBe('mailto:team@example.com');
  });

  it('completes a bare host name to https', () => {
    expect(noteLinkHref('example.com')).toBe('https://example.com');
    expect(noteLinkHref('wiki.example.org:8443/page?id=2')).toBe(
      'https://wiki.example.org:8443/page?id=2',
    );
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'jav\tascript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    'https://exa mple.com',
    '',
    '   ',
    'not a url',
    '/relative/path',
    'https://',
  ])('refuses %j', (url) => {
    expect(noteLinkHref(url)).toBeNull();
  });
});
