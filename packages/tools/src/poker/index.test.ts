import { describe, expect, it } from 'vitest';

import type { ContentDomain } from '../registry.ts';
import { pokerContentDomain, type PokerContent, type PokerOperation } from './index.ts';

describe('poker content domain (lifecycle plug-in)', () => {
  const domain: ContentDomain<PokerContent, PokerOperation> = pokerContentDomain;
  const ctx = { newId: () => 'id', now: () => '2024-01-01T00:00:00.000Z' };

  it('creates, parses, applies, validates and stamps', () => {
    const created = domain.createDefault(ctx);
    const parsed = domain.parse(JSON.parse(JSON.stringify(created)));
    const next = domain.apply(
      parsed,
      { type: 'submitVote', userId: 'ann', username: 'Ann', value: '5' },
      ctx,
    );
    expect(next.estimations).toHaveLength(1);
    expect(domain.validate(next)).toEqual([]);
    expect(domain.stamp?.(next, { version: 3, lastModified: 'then' })).toMatchObject({
      version: 3,
      lastModified: 'then',
      estimations: next.estimations,
    });
  });
});
