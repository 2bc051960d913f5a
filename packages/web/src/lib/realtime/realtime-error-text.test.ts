/** The §8 real-time texts follow the interface language. */
import { afterEach, describe, expect, it } from 'vitest';

import { applyLanguage } from '../i18n.ts';
import { realtimeErrorText } from './realtime-error-text.ts';
import { REALTIME_ERROR, type RealtimeErrorKind } from './realtime-manager.ts';

afterEach(() => {
  applyLanguage('en');
});

describe('realtimeErrorText', () => {
  it('gives the §8 English text of every kind', () => {
    for (const kind of Object.keys(REALTIME_ERROR) as RealtimeErrorKind[]) {
      expect(realtimeErrorText(kind), kind).toBe(REALTIME_ERROR[kind]);
    }
    expect(realtimeErrorText('socketError')).toBe('WebSocket connection error');
    expect(realtimeErrorText('unknown')).toBe('Unknown WebSocket error');
  });

  it('translates them to German', () => {
    applyLanguage('de');
    expect(realtimeErrorText('socketError')).toBe('WebSocket-Verbindungsfehler');
    expect(realtimeErrorText('unknown')).toBe('Unbekannter WebSocket-Fehler');
  });
});
