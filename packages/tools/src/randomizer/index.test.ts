import { describe, expect, it } from 'vitest';

import type { ContentDomain } from '../registry.ts';
import {
  randomizerContentDomain,
  type RandomizerContent,
  type RandomizerOperation,
} from './index.ts';

describe('randomizer content domain (lifecycle plug-in)', () => {
  const domain: ContentDomain<RandomizerContent, RandomizerOperation> = randomizerContentDomain;
  const ctx = { newId: () => 'run', now: () => '2024-01-01T00:00:00.000Z' };

  it('creates, parses, applies, validates and stamps', () => {
    const created = domain.createDefault(ctx);
    const parsed = domain.parse(JSON.parse(JSON.stringify(created)));
    const started = domain.apply(parsed, { type: 'start', seed: 3 }, ctx);
    expect(started.animation.state).toBe('animating');
    expect(domain.validate(started)).toEqual([]);
    const emptied = domain.apply(started, { type: 'editOptions', text: '' }, ctx);
    expect(domain.validate(emptied)).toEqual(['At least one option is required']);
    expect(domain.stamp?.(started, { version: 2, lastModified: 'then' })).toMatchObject({
      version: 2,
      lastModified: 'then',
      animation: started.animation,
    });
  });
});
