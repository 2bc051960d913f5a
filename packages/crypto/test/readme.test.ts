/**
 * The README cannot drift from the code: every worked example in packages/crypto/README.md
 * (inputs and expected outputs) is read out of the Markdown, compared with the normative
 * test/vectors.json and recomputed with this package — and, for the Node snippet, the README's own
 * code is run. When the README is reworded so that an example can no longer be found, the
 * extraction fails loudly instead of checking nothing.
 */
import { createCipheriv, pbkdf2Sync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { describe, expect, it } from 'vitest';

import {
  DECRYPT_FAILED_MESSAGE,
  PASSWORD_VERIFIER_SALT,
  PBKDF2_ITERATIONS,
  SPACE_NAME_VERIFIER_SALT,
  UNWRAP_FAILED_MESSAGE,
  VERIFIER_INPUT_SEPARATOR,
  decryptJson,
  derivePasswordVerifier,
  deriveSpaceNameVerifier,
  encryptJsonWithParams,
  iteratedSha256,
  parseEnvelope,
  unwrapSecret,
} from '../src/index.ts';
import rawVectors from './vectors.json' with { type: 'json' };
import { envelopeVectors, hexToBytes, verifierVectors } from './vectors.ts';

const README_PATH = fileURLToPath(new URL('../README.md', import.meta.url));
const readme = await readFile(README_PATH, 'utf8');

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const utf8Hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

/** The text from the heading that starts with `heading` to the next heading of the same or a higher level. */
function section(heading: string): string {
  const lines = readme.split('\n');
  const start = lines.findIndex(
    (line) => /^#+ /.test(line) && line.replace(/^#+ /, '').startsWith(heading),
  );
  if (start < 0) throw new Error(`README has no heading starting with "${heading}"`);
  const level = /^#+/.exec(lines[start] ?? '')?.[0].length ?? 1;
  const end = lines.findIndex(
    (line, index) =>
      index > start && /^#+ /.test(line) && (/^#+/.exec(line)?.[0].length ?? 0) <= level,
  );
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/** The fenced code blocks of `text`, with their language tag. */
function codeBlocks(text: string): { lang: string; code: string }[] {
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1] ?? '',
    code: m[2] ?? '',
  }));
}

/** The one code block of `text` that contains `marker`. */
function blockWith(text: string, marker: string): string {
  const blocks = codeBlocks(text).filter((b) => b.code.includes(marker));
  if (blocks.length !== 1)
    throw new Error(`expected one code block with "${marker}", found ${blocks.length}`);
  return (blocks[0] as { code: string }).code;
}

/** `label   value` lines of an example block → { label: value } (values trimmed). */
function labelled(block: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const match = /^(\S+)\s+(.+)$/.exec(line.trim());
    if (match?.[1] && match[2]) fields[match[1]] = match[2].trim();
  }
  return fields;
}

/** A hex field: the digits, spaces removed, a trailing `(comment)` dropped. */
function hexField(value: string | undefined, label: string): string {
  if (value === undefined) throw new Error(`example has no ${label}`);
  const hex = value.replace(/\s*\([^)]*\)\s*$/, '').replace(/\s+/g, '');
  expect(hex, label).toMatch(/^(?:[0-9a-f]{2})+$/);
  return hex;
}

/** A quoted JSON string field (`"Abcdef12345!"`), with an optional `→ …` tail. */
function quotedField(value: string | undefined, label: string): { text: string; tail: string } {
  const match = value === undefined ? null : /^("(?:[^"\\]|\\.)*")\s*(?:→\s*(.*))?$/.exec(value);
  if (!match?.[1]) throw new Error(`example has no quoted ${label}: ${String(value)}`);
  return { text: JSON.parse(match[1]) as string, tail: match[2] ?? '' };
}

/** Markdown prose with its line breaks and indentation folded into single spaces. */
const prose = (text: string) => text.replace(/\s*\n\s*/g, ' ');

describe('README §1 encodings', () => {
  it('the UTF-8 example is right', () => {
    const match = /`"(.)"` U\+([0-9A-F]{4}) is `([0-9a-f ]+)`/u.exec(section('1. Encodings'));
    expect(match, 'the ü example').not.toBeNull();
    const [, char = '', codePoint = '', hex = ''] = match ?? [];
    expect(char.codePointAt(0)).toBe(Number.parseInt(codePoint, 16));
    expect(utf8Hex(char)).toBe(hex.replace(/ /g, ''));
  });
});

describe('README §2–§3 envelope worked example', () => {
  const text = section('3. The envelope');
  const heading = /^### Worked example \(vector "([^"]+)" in `test\/vectors\.json`\)$/m.exec(text);
  const vectorName = heading?.[1] ?? '';
  const example = labelled(blockWith(section('Worked example (vector'), 'envelope'));
  const vector = envelopeVectors.find((v) => v.description === vectorName);

  it('names a vector of test/vectors.json and lists the same inputs and outputs', () => {
    expect(vectorName).not.toBe('');
    expect(vector, `vector "${vectorName}"`).toBeDefined();
    if (!vector) return;
    expect(quotedField(example.spaceKey, 'spaceKey').text).toBe(vector.spaceKey);

    // value      {}      → plaintext "{}" = 7b 7d (2 bytes)
    const value =
      /^(.*?)\s*→\s*plaintext\s+("(?:[^"\\]|\\.)*")\s*=\s*([0-9a-f ]+?)\s*\((\d+) bytes\)$/.exec(
        example.value ?? '',
      );
    expect(value, `value line: ${String(example.value)}`).not.toBeNull();
    const [, valueJson = '', plaintextJson = '', plaintextHex = '', plaintextLength = ''] =
      value ?? [];
    expect(JSON.parse(valueJson)).toEqual(vector.plaintext);
    expect(JSON.parse(plaintextJson)).toBe(vector.plaintextJson);
    expect(plaintextHex.replace(/ /g, '')).toBe(utf8Hex(vector.plaintextJson));
    expect(Number(plaintextLength)).toBe(Buffer.byteLength(vector.plaintextJson));

    expect(hexField(example.salt, 'salt')).toBe(vector.saltHex);
    expect(hexField(example.iv, 'iv')).toBe(vector.ivHex);
    expect(hexField(example.aesKey, 'aesKey')).toBe(vector.aesKeyHex);
    expect(example.envelope).toBe(vector.envelope);

    // data = ciphertext ‖ tag, and it is what the envelope's `data` holds.
    const ciphertext = hexField(example.ciphertext, 'ciphertext');
    const tag = hexField(example.tag, 'tag');
    expect(ciphertext.length / 2).toBe(Buffer.byteLength(vector.plaintextJson));
    expect(tag.length / 2).toBe(16);
    expect(hexField(example.data, 'data')).toBe(ciphertext + tag);
    const dataLength = /\((\d+) bytes = (\d+) \+ 16\)/.exec(example.data ?? '');
    expect(Number(dataLength?.[1])).toBe((ciphertext + tag).length / 2);
    expect(Number(dataLength?.[2])).toBe(ciphertext.length / 2);
    const parsed = parseEnvelope(vector.envelope);
    expect(toHex(parsed.data)).toBe(ciphertext + tag);
    expect(toHex(parsed.iv)).toBe(vector.ivHex);
    expect(toHex(parsed.salt)).toBe(vector.saltHex);
  });

  it('recomputing it with the package gives the README outputs', async () => {
    if (!vector) throw new Error(`no vector "${vectorName}"`);
    const spaceKey = quotedField(example.spaceKey, 'spaceKey').text;
    const salt = hexToBytes(hexField(example.salt, 'salt'));
    const iv = hexToBytes(hexField(example.iv, 'iv'));
    const value = vector.plaintext;
    expect(await encryptJsonWithParams(value, spaceKey, { salt, iv })).toBe(example.envelope);
    expect(await decryptJson(example.envelope ?? '', spaceKey)).toEqual(value);
    // §2: the AES key is PBKDF2-HMAC-SHA-256(utf8(spaceKey), salt, 100 000, 32).
    expect(
      pbkdf2Sync(Buffer.from(spaceKey, 'utf8'), salt, PBKDF2_ITERATIONS, 32, 'sha256').toString(
        'hex',
      ),
    ).toBe(hexField(example.aesKey, 'aesKey'));
    await expect(decryptJson(example.envelope ?? '', `${spaceKey}x`)).rejects.toThrow(
      DECRYPT_FAILED_MESSAGE,
    );
  });

  it('§2 and §3 state the parameters of vectors.json and the failure message of the code', () => {
    const kdf = section('2. Content key derivation');
    expect(kdf).toMatch(
      new RegExp(`iterations = ${String(rawVectors.parameters.pbkdf2.iterations)}\\b`),
    );
    expect(kdf).toMatch(
      new RegExp(`dkLen\\s+= ${String(rawVectors.parameters.pbkdf2.keyBytes)} bytes`),
    );
    expect(rawVectors.parameters.pbkdf2.iterations).toBe(PBKDF2_ITERATIONS);
    expect(prose(text)).toContain(`The message is \`${DECRYPT_FAILED_MESSAGE}\``);
    // "Every envelope vector lists `spaceKey`, `plaintext` … and `envelope`."
    const listed = /Every envelope vector lists (.+?)\./.exec(prose(text))?.[1] ?? '';
    const fields = [...listed.matchAll(/`(\w+)`/g)].map((m) => m[1]);
    for (const v of envelopeVectors) {
      expect(new Set(fields)).toEqual(new Set(Object.keys(v).filter((k) => k !== 'description')));
    }
  });

  it("the README's own Node decryption snippet runs and gives the documented result", async () => {
    const snippetSection = section('Decrypting with Node and nothing else');
    const code = codeBlocks(snippetSection).find((b) => b.lang === 'js')?.code;
    if (!code) throw new Error('no js code block under "Decrypting with Node and nothing else"');
    const call = /^\/\/ decryptEnvelope\('([^']+)', '([^']+)'\)\n\/\/ → (.+)$/m.exec(code);
    expect(call, 'the commented example call').not.toBeNull();
    const [, envelope = '', spaceKey = '', result = ''] = call ?? [];
    expect(envelopeVectors.some((v) => v.envelope === envelope && v.spaceKey === spaceKey)).toBe(
      true,
    );
    const dir = await mkdtemp(join(tmpdir(), 'crypto-readme-'));
    try {
      const file = join(dir, 'snippet.mjs');
      await writeFile(file, code);
      const module = (await import(pathToFileURL(file).href)) as {
        decryptEnvelope: (envelope: string, key: string) => unknown;
      };
      expect(module.decryptEnvelope(envelope, spaceKey)).toEqual(JSON.parse(result));
      // …and it works on every vector, not only the one in the comment.
      for (const v of envelopeVectors) {
        expect(module.decryptEnvelope(v.envelope, v.spaceKey)).toEqual(v.plaintext);
      }
      expect(() => module.decryptEnvelope(envelope, `${spaceKey}x`)).toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('README §4 verifiers', () => {
  const text = section('4. Verifiers');
  const flat = prose(text);

  it('the formula and the domain-salt table match the code and vectors.json', () => {
    const formula = blockWith(text, 'verifier =');
    expect(formula).toContain('spaceKey + U+0000 + value');
    expect(VERIFIER_INPUT_SEPARATOR).toBe('\u0000');
    expect(rawVectors.parameters.verifier.separator).toBe('\u0000');
    expect(formula).toMatch(new RegExp(`iterations = ${String(PBKDF2_ITERATIONS)}\\b`));
    expect(formula).toMatch(/dkLen\s+= 32 bytes/);

    const rows = [
      ...text.matchAll(
        /^\| ([a-z-]+) verifier \(`(\w+)`\)\s*\|[^|]*\|\s*`([^`]+)` \((\d+) bytes: `([0-9a-f]+)`\)/gm,
      ),
    ];
    expect(rows.map((r) => r[1])).toEqual(['space-name', 'password']);
    const expected = {
      'space-name': {
        field: 'encrypted_space_name',
        salt: SPACE_NAME_VERIFIER_SALT,
        vector: rawVectors.parameters.verifier.spaceNameSalt,
      },
      password: {
        field: 'encrypted_password',
        salt: PASSWORD_VERIFIER_SALT,
        vector: rawVectors.parameters.verifier.passwordSalt,
      },
    } as const;
    for (const [, kind = '', field, salt = '', length, hex] of rows) {
      const want = expected[kind as keyof typeof expected];
      expect(field).toBe(want.field);
      expect(salt).toBe(want.salt);
      expect(salt).toBe(want.vector);
      expect(Number(length)).toBe(Buffer.byteLength(salt));
      expect(hex).toBe(utf8Hex(salt));
    }
  });

  // Example ("<vector>" vector): key `K`, name `N` → PBKDF2 password bytes `HEX` → verifier `V`.
  const examples = [
    ...flat.matchAll(
      /\("([^"]+)"(?: vector)?\): key `([^`]+)`, name `([^`]+)` → (?:PBKDF2 )?password bytes `([0-9a-f]+)` → verifier `([A-Za-z0-9+/=]+)`\.(?: The same key and text under the password salt give `([A-Za-z0-9+/=]+)`\.)?/g,
    ),
  ].map(([, vector = '', key = '', name = '', bytes = '', verifier = '', passwordSalted]) => ({
    vector,
    key,
    name,
    bytes,
    verifier,
    passwordSalted,
  }));

  it('has the two worked examples (ASCII and non-ASCII)', () => {
    expect(examples.length).toBeGreaterThanOrEqual(2);
    expect(examples.some((e) => /^[\x20-\x7e]+$/.test(e.key + e.name))).toBe(true);
    expect(examples.some((e) => /[^\p{ASCII}]/u.test(e.key) && /[^\p{ASCII}]/u.test(e.name))).toBe(
      true,
    );
    expect(examples.some((e) => e.passwordSalted !== undefined)).toBe(true);
  });

  it.each(examples)('$vector: equals vectors.json and is recomputed by the package', async (e) => {
    const vector = verifierVectors.find((v) => v.description === e.vector);
    expect(vector, `vector "${e.vector}"`).toBeDefined();
    expect(vector).toMatchObject({
      kind: 'spaceName',
      spaceKey: e.key,
      input: e.name,
      verifier: e.verifier,
    });
    expect(e.bytes).toBe(utf8Hex(`${e.key}\u0000${e.name}`));
    expect(await deriveSpaceNameVerifier(e.key, e.name)).toBe(e.verifier);
    expect(
      pbkdf2Sync(
        Buffer.from(e.bytes, 'hex'),
        Buffer.from(SPACE_NAME_VERIFIER_SALT, 'utf8'),
        PBKDF2_ITERATIONS,
        32,
        'sha256',
      ).toString('base64'),
    ).toBe(e.verifier);
    if (e.passwordSalted !== undefined) {
      const twin = verifierVectors.find(
        (v) => v.kind === 'password' && v.spaceKey === e.key && v.input === e.name,
      );
      expect(twin?.verifier).toBe(e.passwordSalted);
      expect(await derivePasswordVerifier(e.key, e.name)).toBe(e.passwordSalted);
    }
  });
});

describe('README §8 wrapped secret and §9 iterated SHA-256 examples', () => {
  it('§8: the worked example is reproduced by node:crypto and opened by unwrapSecret', async () => {
    const text = section('8. Wrapped secrets');
    const example = labelled(blockWith(text, 'associatedData "'));
    const key = hexField(example.key, 'key');
    const iv = hexField(example.iv, 'iv');
    const ad = quotedField(example.associatedData, 'associatedData');
    expect(ad.tail).toBe(`aad ${utf8Hex(ad.text)}`);
    const secret = quotedField(example.secret, 'secret').text;
    const wrapped = example.wrapped ?? '';

    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'hex'), Buffer.from(iv, 'hex'));
    cipher.setAAD(Buffer.from(ad.text, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    expect(ciphertext.toString('hex')).toBe(hexField(example.ciphertext, 'ciphertext'));
    expect(tag.toString('hex')).toBe(hexField(example.tag, 'tag'));
    expect(
      Buffer.concat([Buffer.from([1]), Buffer.from(iv, 'hex'), ciphertext, tag]).toString('base64'),
    ).toBe(wrapped);

    const cryptoKey = await globalThis.crypto.subtle.importKey(
      'raw',
      Buffer.from(key, 'hex'),
      'AES-GCM',
      false,
      ['encrypt', 'decrypt'],
    );
    expect(await unwrapSecret(wrapped, cryptoKey, ad.text)).toBe(secret);
    await expect(unwrapSecret(wrapped, cryptoKey, `${ad.text}!`)).rejects.toThrow(
      UNWRAP_FAILED_MESSAGE,
    );
    expect(prose(text)).toContain(`message \`${UNWRAP_FAILED_MESSAGE}\``);
    // The README names the test that holds the same example.
    const source = /Worked example \(`(src\/[\w.-]+)`/.exec(text)?.[1];
    expect(source).toBeDefined();
    const test = await readFile(
      fileURLToPath(new URL(`../${String(source)}`, import.meta.url)),
      'utf8',
    );
    expect(test).toContain(key);
    expect(test).toContain(wrapped);
  });

  it('§9: the iterated SHA-256 example is recomputed by iteratedSha256', async () => {
    const match = /Example: `"([^"]*)"`, (\d+) iterations → `([0-9a-f]{64})`/.exec(
      prose(section('9. Iterated SHA-256')),
    );
    expect(match, 'the §9 example').not.toBeNull();
    const [, input = '', iterations = '', hex = ''] = match ?? [];
    expect(toHex(await iteratedSha256(input, Number(iterations)))).toBe(hex);
  });
});
