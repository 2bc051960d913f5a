import { describe, expect, it } from 'vitest';

import { applyLanguage, initLanguage, resolveLanguage } from './i18n.ts';
import { STORAGE_KEYS } from './storage.ts';
import { m } from '../paraglide/messages.js';

describe('language (spec §5 Language: en or de, else en)', () => {
  it.each([
    ['en', 'en'],
    ['de', 'de'],
    ['fr', 'en'],
    ['DE', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
  ])('resolves %j to %s', (stored, expected) => {
    expect(resolveLanguage(stored)).toBe(expected);
  });

  it('applies a stored language at start-up and falls back to en for anything else', () => {
    localStorage.setItem(STORAGE_KEYS.language, 'de');
    expect(initLanguage()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(m.footer_datenschutz()).toBe('Datenschutzerklärung');

    localStorage.setItem(STORAGE_KEYS.language, 'klingon');
    expect(initLanguage()).toBe('en');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(m.footer_datenschutz()).toBe('Privacy policy');
  });

  it('persists the choice under cipherspace_language', () => {
    applyLanguage('de');
    expect(localStorage.getItem('cipherspace_language')).toBe('de');
    applyLanguage('en');
    expect(localStorage.getItem('cipherspace_language')).toBe('en');
  });
});
