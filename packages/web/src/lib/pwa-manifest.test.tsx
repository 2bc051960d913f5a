/** The manifest link follows the interface language on signed-in pages. */
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { UpdatePrompt } from '../app/UpdatePrompt.tsx';
import { linkManifest } from './pwa-manifest.ts';

afterEach(() => {
  document.head.querySelector('link[rel="manifest"]')?.remove();
});

describe('linkManifest', () => {
  it('points the manifest link at the language’s manifest, as the language changes', () => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/manifest.webmanifest';
    document.head.append(link);
    const { rerender } = render(<UpdatePrompt language="en" />);
    expect(link.getAttribute('href')).toBe('/manifest.webmanifest');
    rerender(<UpdatePrompt language="de" />);
    expect(link.getAttribute('href')).toBe('/manifest.de.webmanifest');
    rerender(<UpdatePrompt language="en" />);
    expect(link.getAttribute('href')).toBe('/manifest.webmanifest');
  });

  it('does nothing on a page without a manifest (development server)', () => {
    expect(() => linkManifest('de')).not.toThrow();
    expect(document.head.querySelector('link[rel="manifest"]')).toBeNull();
  });
});
