/**
 * A new space for a test against the real API (`@cipherspace/api/testing`): its own documents,
 * so tests do not share one, with alice and bob as members.
 */
import type { ApiHarness, SpaceCredentials } from '@cipherspace/api/testing';

/** A new space of `harness` (self-registration on) with alice and bob joined; their tokens. */
export async function spaceOfAliceAndBob(
  harness: ApiHarness,
): Promise<{ space: SpaceCredentials; tokens: { alice: string; bob: string } }> {
  const space = await harness.createSpace({ selfRegistration: true });
  const alice = await harness.join(space, 'alice');
  const bob = await harness.join(space, 'bob');
  return { space, tokens: { alice: alice.token, bob: bob.token } };
}
