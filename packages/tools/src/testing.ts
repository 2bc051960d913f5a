/**
 * Test helpers shared by the domain modules' unit tests: a deterministic context, deep
 * freezing (to prove operations never mutate their input) and a matcher for rule errors.
 */
import { expect } from 'vitest';

import type { DomainContext, DomainError } from './shared.ts';

/**
 * A context with ids `id-1`, `id-2`, … and, with `clock: 'ticking'` (the default), timestamps one
 * second apart from 2024-01-01T00:00:00Z; with `clock: 'fixed'`, always that instant.
 */
export function testContext(clock: 'ticking' | 'fixed' = 'ticking'): DomainContext {
  let id = 0;
  let second = 0;
  return {
    newId: () => `id-${++id}`,
    now: () =>
      new Date(Date.UTC(2024, 0, 1, 0, 0, clock === 'ticking' ? second++ : 0)).toISOString(),
  };
}

/** `value`, recursively frozen; returns it for chaining. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/** Asserts that `action` throws an instance of `type` with this `code` and English `message`. */
export function expectDomainError<Code extends string>(
  type: abstract new (...args: never[]) => DomainError<Code>,
  action: () => unknown,
  code: Code,
  message: string,
): void {
  let caught: unknown;
  try {
    action();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(type);
  expect(caught).toMatchObject({ code, message });
}
