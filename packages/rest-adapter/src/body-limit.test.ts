import { describe, expect, it } from 'vitest';

import { JSON_MAX_DEPTH, JSON_MAX_VALUES, JsonShape } from './body-limit.ts';

/** JsonShape's verdict on `text` fed in pieces of `size` bytes. */
function verdict(text: string, size: number, shape = new JsonShape()): string | null {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) {
    const problem = shape.write(bytes.subarray(i, i + size));
    if (problem !== null) return problem;
  }
  return null;
}

const SIZES = [1, 2, 3, 7, 64, 1 << 20];

describe('JsonShape', () => {
  it('lets a save body through, however it is split', () => {
    const envelope = JSON.stringify({ data: 'A'.repeat(5000), iv: 'x\\"y', salt: '{[,' });
    const body = JSON.stringify({
      encrypted_data: envelope,
      metadata: { version: 3, note: 'a "quoted" \\ back,slash [{' },
      operations: Array.from({ length: 20 }, () => envelope),
    });
    for (const size of SIZES) expect(verdict(body, size), String(size)).toBeNull();
  });

  it('counts no comma or bracket inside a string, escapes included', () => {
    const text = `{"a":"${',[{'.repeat(JSON_MAX_VALUES)}\\\\","b":"\\",,,,"}`;
    for (const size of SIZES) expect(verdict(text, size), String(size)).toBeNull();
  });

  it(`refuses more than ${JSON_MAX_VALUES} values, as soon as it has read them`, () => {
    const members = Array.from({ length: JSON_MAX_VALUES + 1 }, (_, i) => `"k${i}":0`);
    const text = `{${members.join(',')}}`;
    for (const size of SIZES) {
      expect(verdict(text, size), String(size)).toMatch(/more than 20000 values/);
    }
    const exactly = `[${Array.from({ length: JSON_MAX_VALUES - 1 }, () => '0').join(',')}]`;
    expect(verdict(exactly, 64)).toBeNull();
    // The refusal comes with the piece that crosses the bound, not at the end of the text.
    const shape = new JsonShape();
    const bytes = Buffer.from(`[${'0,'.repeat(JSON_MAX_VALUES * 10)}0]`);
    let read = 0;
    for (let i = 0; i < bytes.length; i += 1024) {
      read = i + 1024;
      if (shape.write(bytes.subarray(i, i + 1024)) !== null) break;
    }
    expect(read).toBeLessThan(JSON_MAX_VALUES * 2 + 2048);
  });

  it(`refuses nesting deeper than ${JSON_MAX_DEPTH} levels`, () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}[]${'}'.repeat(depth - 1)}`;
    for (const size of SIZES) {
      expect(verdict(nested(JSON_MAX_DEPTH), size)).toBeNull();
      expect(verdict(nested(JSON_MAX_DEPTH + 1), size)).toMatch(/deeper than 64/);
    }
  });
});
