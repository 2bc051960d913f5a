/**
 * The look-alike names the name rules refuse, shared by the tests of every way in (tRPC callers,
 * REST, tRPC over HTTP and WebSocket): `first` is taken, then `second` is refused with `code`
 * (REST: CONFLICT 409, BAD_REQUEST 422) and `message`.
 */
import { deriveSpaceNameVerifier, SPACE_NAME_HINT } from '@cipherspace/crypto';
import { spaces, type Database } from '@cipherspace/db';

import { ERROR } from '../errors.ts';
import { hashVerifier } from '../services/verifier-hash.ts';

export interface LookAlikeName {
  what: string;
  first: string;
  second: string;
  code: 'CONFLICT' | 'BAD_REQUEST';
  message: string;
}

const row =
  (code: LookAlikeName['code']) =>
  (what: string, first: string, second: string, message: string): LookAlikeName => ({
    what,
    first,
    second,
    code,
    message,
  });
/** `second` is refused as the same name as `first`, or one that looks the same: CONFLICT. */
const same = row('CONFLICT');
/** `second` is refused for what it is, whatever is taken: BAD_REQUEST. */
const refused = row('BAD_REQUEST');

/** Space names; append the same suffix of digits to both to reuse them in one database. */
export const LOOK_ALIKE_SPACE_NAMES: readonly LookAlikeName[] = [
  same('case', 'Case Xylo', 'case XYLO', ERROR.spaceExists),
  same('double spaces', 'Team Alpha', 'team  alpha', ERROR.spaceExists),
  same('fullwidth letters (NFKC)', 'Wide Team', 'Ｗｉｄｅ Ｔｅａｍ', ERROR.spaceExists),
  same('Cyrillic look-alike', 'cop', 'сор', ERROR.spaceLookalike),
  same('Greek look-alike', 'KAPA', 'ΚΑΡΑ', ERROR.spaceLookalike),
  same('digits for letters', 'Room lol', 'Room 101', ERROR.spaceLookalike),
  same('Cyrillic with palochka', 'Hello Poll', 'Һеӏӏо Роӏӏ', ERROR.spaceLookalike),
  refused('Latin with a Cyrillic а', 'Case Mix', 'Cаse Mix', ERROR.spaceNameMixedScripts),
  refused('Latin with a Greek ο', 'Code Red', 'Cοde Red', ERROR.spaceNameMixedScripts),
  refused('zero-width space', 'Zero Width', 'Zero\u200bWidth', SPACE_NAME_HINT),
  refused('bidi override', 'Bidi Team', '\u202eBidi Team', SPACE_NAME_HINT),
  refused('Hangul filler', 'Filler Team', 'Filler\u3164Team', ERROR.spaceNameInvisible),
];

/** Usernames registered (or added by an admin) in one space. */
export const LOOK_ALIKE_USERNAMES: readonly LookAlikeName[] = [
  same('case', 'Ann', 'ann', ERROR.usernameExists),
  same('double spaces', 'bob smith', 'Bob  Smith', ERROR.usernameExists),
  same('fullwidth letters (NFKC)', 'carol', 'ｃａｒｏｌ', ERROR.usernameExists),
  same('Cyrillic look-alike', 'cop', 'сор', ERROR.usernameLookalike),
  same('Greek look-alike', 'ANNA', 'ΑΝΝΑ', ERROR.usernameLookalike),
  same('capital I for small l', 'lan', 'Ian', ERROR.usernameLookalike),
  same('Cyrillic with palochka', 'alice', 'аӏісе', ERROR.usernameLookalike),
  same('Cyrillic with two palochkas', 'hello', 'һеӏӏо', ERROR.usernameLookalike),
  refused('Latin with a Cyrillic е', 'eve', 'еve', ERROR.usernameMixedScripts),
  refused('zero-width space', 'fay', 'f\u200bay', ERROR.usernameInvisible),
  refused('bidi override', 'gus', '\u202egus', ERROR.usernameInvisible),
  refused('Hangul filler', 'hal', 'ha\u3164l', ERROR.usernameInvisible),
];

/** Names another user of the space takes by renaming themself (letters and digits only). */
export const LOOK_ALIKE_RENAMES: readonly LookAlikeName[] = [
  same('case', 'Ann', 'ANN', ERROR.usernameExists),
  same('fullwidth letters (NFKC)', 'Wide', 'Ｗｉｄｅ', ERROR.usernameExists),
  same('Cyrillic look-alike', 'cop', 'сор', ERROR.usernameLookalike),
  same('Cyrillic with palochka', 'alice', 'аӏісе', ERROR.usernameLookalike),
  refused('Latin with a Cyrillic е', 'eve', 'еve', ERROR.usernameMixedScripts),
  refused('zero-width space', 'fay', 'f\u200bay', 'username may contain only letters and digits'),
  refused('Hangul filler', 'hal', 'ha\u3164l', ERROR.usernameInvisible),
];

/**
 * Inserts a space as the code before migration 0003 did: without name keys, so names that clash
 * under today's rules can be stored side by side. Open self registration, no forced passwords.
 * Returns the credentials `{ name, key, verifier }` a client logs in with.
 */
export async function insertSpaceWithoutNameKeys(
  db: Database,
  name: string,
  key: string,
  createdAt: Date,
): Promise<{ name: string; key: string; verifier: string }> {
  const verifier = await deriveSpaceNameVerifier(key, name);
  await db.insert(spaces).values({
    name,
    verifierHash: await hashVerifier(verifier),
    forceUserPasswords: false,
    allowSelfRegistration: true,
    createdAt,
    lastLoginAt: createdAt,
  });
  return { name, key, verifier };
}
