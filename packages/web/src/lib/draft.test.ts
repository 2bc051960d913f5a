/**
 * Drafts of open dialogs (./draft.ts): kept encrypted with the space key in sessionStorage, read
 * back only with that key and only when they fit the dialog's schema. Real Web Crypto.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { draftStorageKey, readDraft, removeDraft, writeDraft } from './draft.ts';

const SPACE = 'Team A';
const KEY = 'Corr3ct-Horse!Battery';
const schema = z.object({ title: z.string(), description: z.string() });

afterEach(() => sessionStorage.clear());

describe('drafts', () => {
  it('round-trips a draft, and stores no plaintext', async () => {
    const draft = { title: 'Secret plan', description: 'Meet at dawn' };
    await writeDraft(SPACE, KEY, 'card:add:', draft);
    const stored = sessionStorage.getItem(draftStorageKey(SPACE, 'card:add:')) ?? '';
    expect(stored).not.toContain('Secret');
    expect(stored).not.toContain('dawn');
    expect(JSON.parse(stored)).toEqual({
      data: expect.any(String),
      iv: expect.any(String),
      salt: expect.any(String),
    });
    expect(await readDraft(SPACE, KEY, 'card:add:', schema)).toEqual(draft);
  });

  it('keeps drafts of spaces and dialogs apart', async () => {
    await writeDraft(SPACE, KEY, 'card:add:', { title: 'a', description: '' });
    expect(await readDraft('Team B', KEY, 'card:add:', schema)).toBeNull();
    expect(await readDraft(SPACE, KEY, 'issue:add:', schema)).toBeNull();
    removeDraft(SPACE, 'card:add:');
    expect(await readDraft(SPACE, KEY, 'card:add:', schema)).toBeNull();
  });

  it('drops a draft that does not open with the key or does not fit the schema', async () => {
    await writeDraft(SPACE, KEY, 'card:add:', { title: 'a', description: '' });
    expect(await readDraft(SPACE, 'Wr0ng-Key!Battery', 'card:add:', schema)).toBeNull();
    expect(sessionStorage.getItem(draftStorageKey(SPACE, 'card:add:'))).toBeNull();

    await writeDraft(SPACE, KEY, 'card:add:', { title: 42 });
    expect(await readDraft(SPACE, KEY, 'card:add:', schema)).toBeNull();
    expect(sessionStorage.getItem(draftStorageKey(SPACE, 'card:add:'))).toBeNull();
  });
});
