/**
 * patches/@trpc__server@11.19.0.patch replaces the object-spread helper of tRPC's transpiled
 * code (`{...a, ...b}` of its sources, run several times for every call and every live event)
 * with one that copies keys without a property descriptor each. It must keep
 * what object spread does: own enumerable keys and symbols, later ones win, getters read once,
 * a "__proto__" key from JSON stays a key and never becomes the prototype.
 */
import { transformTRPCResponse } from '@trpc/server/unstable-core-do-not-import';
import { describe, expect, it } from 'vitest';

import { appRouter } from './root.ts';

const config = appRouter._def._config;

describe('tRPC with the patched object-spread helper', () => {
  it('copies a response item as object spread would', () => {
    const marker = Symbol('marker');
    const item = { id: 7, jsonrpc: '2.0' as const, result: { type: 'data' as const, data: 1 } };
    Object.defineProperty(item, 'hidden', { value: 'not enumerable', enumerable: false });
    Object.assign(item, { [marker]: 'symbol' });
    const out = transformTRPCResponse(config, item) as unknown as Record<string | symbol, unknown>;
    expect(out).not.toBe(item);
    expect(out).toEqual({
      id: 7,
      jsonrpc: '2.0',
      result: { type: 'data', data: { json: 1 } },
      [marker]: 'symbol',
    });
    expect(Object.hasOwn(out, 'hidden')).toBe(false);
    expect(item.result.data).toBe(1);
  });

  it('keeps a "__proto__" key of parsed JSON a plain key: no prototype changes', () => {
    const item = JSON.parse(
      '{"id":1,"__proto__":{"polluted":true},"result":{"type":"data","data":2,"__proto__":{"x":1}}}',
    ) as Parameters<typeof transformTRPCResponse>[1];
    const out = transformTRPCResponse(config, item) as unknown as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(out.result)).toBe(Object.prototype);
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
