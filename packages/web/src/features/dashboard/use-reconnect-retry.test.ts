import { describe, expect, it } from 'vitest';

import { DASHBOARD_RECONNECT_RETRY_MS, shouldRetryConnection } from './use-reconnect-retry.ts';

describe('dashboard reconnect retry (spec §4, §9)', () => {
  it('retries after 2 s when disconnected or in error and a token exists', () => {
    expect(DASHBOARD_RECONNECT_RETRY_MS).toBe(2000);
    expect(shouldRetryConnection('disconnected', true)).toBe(true);
    expect(shouldRetryConnection('error', true)).toBe(true);
  });

  it('does not retry without a token or while connecting, connected or reconnecting', () => {
    expect(shouldRetryConnection('disconnected', false)).toBe(false);
    expect(shouldRetryConnection('error', false)).toBe(false);
    for (const status of ['connecting', 'connected', 'reconnecting'] as const) {
      expect(shouldRetryConnection(status, true)).toBe(false);
    }
  });
});
