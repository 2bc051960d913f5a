/**
 * The README cannot drift from the code: every worked example in packages/crypto/README.md
 * (inputs and expected outputs) is read out of the Markdown, compared with the normative
 * docs/crypto-vectors.json and recomputed with this package — and, for the Node snippet, the README's own
 * code is run. When the README is reworded so that an example can no longer be found, the
 * extraction fails loudly instead of checking nothing.
 */
import { createCipheriv, createHash, hkdfSync, pbkdf2Sync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { describe, expect, it } from 'vitest';

import {
  DECRYPT_FAILED_MESSAGE,
  OPERATION_ENVELOPE_VERSION,
  OPERATION_KEY_HKDF_INFO,
  OPERATIONS_KEY_SALT_LABEL,
  PASSWORD_VERIFIER_SALT,
  PBKDF2_ITERATIONS,
  SPACE_NAME_VERIFIER_SALT,
  UNWRAP_FAILED_MESSAGE,
  VERIFIER_INPUT_SEPARATOR,
  createOperationsKeyCache,
  decryptJson,
  decryptOperation,
  derivePasswordVerifier,
  deriveOperationsKey,
  deriveSpaceNameVerifier,
  encryptJsonWithParams,
  encryptOperationWithParams,
  iteratedSha256,
  parseEnvelope,
  unwrapSecret,
} from '../src/index.ts';
import { importOperationsKey } from '../src/operations.ts';
import rawVectors from '../../../docs/crypto-vectors.json' with { type: 'json' };
import {
  envelopeVectors,
  hexToBytes,
  operationEnvelopeVectors,
  operationsKeyVectors,
  verifierVectors,
} from './vectors.ts';

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
  const heading = /^### Worked example \(vector "([^"]+)" in `docs\/crypto-vectors\.json`\)$/m.exec(
    text,
  );
  const vectorName = heading?.[1] ?? '';
  const example = labelled(blockWith(section('Worked example (vector'), 'envelope'));
  const vector = envelopeVectors.find((v) => v.description === vectorName);

  it('names a vector of docs/crypto-vectors.json and lists the same inputs and outputs', () => {
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

/** The fields of every vector of `vectors` except `description`, as a set. */
const vectorFields = (vectors: readonly object[]) =>
  vectors.map((v) => new Set(Object.keys(v).filter((k) => k !== 'description')));

/** The `code`-spelled names in the sentence that starts with `start` (up to its full stop). */
function listedFields(text: string, start: string): Set<string | undefined> {
  const escaped = start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const listed = new RegExp(`${escaped} (.+?)\\.(?: |$)`).exec(prose(text))?.[1] ?? '';
  return new Set([...listed.matchAll(/`(\w+)`/g)].map((m) => m[1]));
}

/** The operations-key salt computed with node:crypto from the README's formula. */
const nodeKeySalt = (spaceName: string) =>
  createHash('sha256')
    .update(Buffer.concat([Buffer.from(OPERATIONS_KEY_SALT_LABEL), Buffer.from([0])]))
    .update(Buffer.from(spaceName, 'utf8'))
    .digest('hex');

describe('README §10 operations key', () => {
  const text = section('10. Operations key');

  it('the formula and label match the code and vectors.json', () => {
    const formula = blockWith(text, 'operationsKey (32 bytes)');
    expect(formula).toContain(`UTF-8("${OPERATIONS_KEY_SALT_LABEL}") ‖ 00 ‖ UTF-8(spaceName)`);
    expect(formula).toMatch(new RegExp(`iterations = ${String(PBKDF2_ITERATIONS)}\\b`));
    expect(formula).toMatch(/dkLen\s+= 32 bytes/);
    const label = /The label `([^`]+)` is (\d+) bytes, `([0-9a-f]+)`/.exec(prose(text));
    expect(label, 'the label sentence').not.toBeNull();
    const [, name = '', length = '', hex = ''] = label ?? [];
    expect(name).toBe(OPERATIONS_KEY_SALT_LABEL);
    expect(name).toBe(rawVectors.parameters.operations.keySaltLabel);
    expect(Number(length)).toBe(Buffer.byteLength(name));
    expect(hex).toBe(utf8Hex(name));
  });

  const examples = codeBlocks(section('Worked examples (operations-key vectors')).map((b) =>
    labelled(b.code),
  );

  it('has an ASCII and a non-ASCII example, and names the fields of every vector', () => {
    expect(examples.length).toBeGreaterThanOrEqual(2);
    const keys = examples.map((e) => quotedField(e.spaceKey, 'spaceKey').text);
    expect(keys.some((k) => /^[\x20-\x7e]+$/.test(k))).toBe(true);
    expect(keys.some((k) => /[^\p{ASCII}]/u.test(k))).toBe(true);
    const listed = listedFields(text, 'Every operations-key vector lists');
    for (const fields of vectorFields(operationsKeyVectors)) expect(fields).toEqual(listed);
  });

  it.each(examples.map((e) => ({ name: quotedField(e.vector, 'vector').text, e })))(
    '$name: equals vectors.json and is recomputed by node:crypto and the package',
    async ({ name, e }) => {
      const vector = operationsKeyVectors.find((v) => v.description === name);
      expect(vector, `vector "${name}"`).toBeDefined();
      const spaceKey = quotedField(e.spaceKey, 'spaceKey').text;
      const spaceName = quotedField(e.spaceName, 'spaceName').text;
      const keySalt = hexField(e.keySalt, 'keySalt');
      const operationsKey = hexField(e.operationsKey, 'operationsKey');
      expect(vector).toMatchObject({
        spaceKey,
        spaceName,
        keySaltHex: keySalt,
        operationsKeyHex: operationsKey,
      });
      expect(nodeKeySalt(spaceName)).toBe(keySalt);
      expect(
        pbkdf2Sync(
          Buffer.from(spaceKey, 'utf8'),
          Buffer.from(keySalt, 'hex'),
          PBKDF2_ITERATIONS,
          32,
          'sha256',
        ).toString('hex'),
      ).toBe(operationsKey);
      // The package's (non-extractable) key is that key: it opens what the raw bytes sealed.
      const sealed = await encryptOperationWithParams(
        { check: name },
        await importOperationsKey(Buffer.from(operationsKey, 'hex')),
        { salt: new Uint8Array(32).fill(3), iv: new Uint8Array(12).fill(4) },
      );
      const derived = await deriveOperationsKey(spaceKey, spaceName, {
        cache: createOperationsKeyCache(),
      });
      await expect(decryptOperation(sealed, derived)).resolves.toEqual({ check: name });
    },
  );
});

describe('README §11 operation envelope', () => {
  const text = section('11. The operation envelope');
  const flat = prose(text);
  const example = labelled(blockWith(section('Worked example (operation vector'), 'envelope'));
  const vectorName =
    /^### Worked example \(operation vector "([^"]+)" in `docs\/crypto-vectors\.json`\)$/m.exec(
      text,
    )?.[1] ?? '';
  const vector = operationEnvelopeVectors.find((v) => v.description === vectorName);

  it('the wire format, HKDF formula and failure message match the code and vectors.json', () => {
    expect(blockWith(text, '{"v":"op1","data":"<base64')).toContain(
      `{"v":"${OPERATION_ENVELOPE_VERSION}","data":"<base64(ciphertext ‖ tag)>","iv":"<base64(12 bytes)>","salt":"<base64(32 bytes)>"}`,
    );
    const formula = blockWith(text, 'HKDF-SHA-256(');
    expect(formula).toContain(`info = UTF-8("${OPERATION_KEY_HKDF_INFO}")`);
    expect(formula).toMatch(/L\s+= 32 bytes/);
    expect(OPERATION_KEY_HKDF_INFO).toBe(rawVectors.parameters.operations.hkdf.info);
    const info = /`info` is the (\d+) bytes `([0-9a-f]+)`/.exec(flat);
    expect(Number(info?.[1])).toBe(Buffer.byteLength(OPERATION_KEY_HKDF_INFO));
    expect(info?.[2]).toBe(utf8Hex(OPERATION_KEY_HKDF_INFO));
    expect(flat).toContain('**no additional authenticated data**');
    expect(flat).toContain(`the message \`${DECRYPT_FAILED_MESSAGE}\``);
    const listed = listedFields(text, 'Every operation envelope vector lists');
    for (const fields of vectorFields(operationEnvelopeVectors)) expect(fields).toEqual(listed);
  });

  it('the worked example names a vector and lists its inputs and outputs', () => {
    expect(vector, `vector "${vectorName}"`).toBeDefined();
    if (!vector) return;
    expect(quotedField(example.spaceKey, 'spaceKey').text).toBe(vector.spaceKey);
    expect(quotedField(example.spaceName, 'spaceName').text).toBe(vector.spaceName);
    expect(hexField(example.keySalt, 'keySalt')).toBe(nodeKeySalt(vector.spaceName));
    expect(hexField(example.operationsKey, 'operationsKey')).toBe(vector.operationsKeyHex);
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

    const ciphertext = hexField(example.ciphertext, 'ciphertext');
    const tag = hexField(example.tag, 'tag');
    expect(hexField(example.data, 'data')).toBe(ciphertext + tag);
    expect(tag.length / 2).toBe(16);
    const dataLength = /\((\d+) bytes = (\d+) \+ 16\)/.exec(example.data ?? '');
    expect(Number(dataLength?.[1])).toBe((ciphertext + tag).length / 2);
    expect(Number(dataLength?.[2])).toBe(ciphertext.length / 2);

    // "The salt and IV are those of the content vector "Empty object" (§3), and so is the plaintext."
    const twinName = /those of the content vector "([^"]+)"/.exec(flat)?.[1];
    const twin = envelopeVectors.find((v) => v.description === twinName);
    expect(twin, `content vector "${String(twinName)}"`).toBeDefined();
    expect(twin).toMatchObject({
      saltHex: vector.saltHex,
      ivHex: vector.ivHex,
      plaintextJson: vector.plaintextJson,
    });
    expect(twin?.envelope).not.toBe(vector.envelope);
  });

  it('node:crypto and the package recompute the worked example', async () => {
    if (!vector) throw new Error(`no vector "${vectorName}"`);
    const operationsKey = Buffer.from(hexField(example.operationsKey, 'operationsKey'), 'hex');
    const salt = hexToBytes(hexField(example.salt, 'salt'));
    const iv = hexToBytes(hexField(example.iv, 'iv'));
    const aesKey = Buffer.from(
      hkdfSync('sha256', operationsKey, salt, Buffer.from(OPERATION_KEY_HKDF_INFO), 32),
    );
    expect(aesKey.toString('hex')).toBe(hexField(example.aesKey, 'aesKey'));
    const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
    const ciphertext = Buffer.concat([cipher.update(vector.plaintextJson, 'utf8'), cipher.final()]);
    expect(ciphertext.toString('hex')).toBe(hexField(example.ciphertext, 'ciphertext'));
    expect(cipher.getAuthTag().toString('hex')).toBe(hexField(example.tag, 'tag'));

    const imported = await importOperationsKey(operationsKey);
    expect(await encryptOperationWithParams(vector.plaintext, imported, { salt, iv })).toBe(
      example.envelope,
    );
    const spaceKey = quotedField(example.spaceKey, 'spaceKey').text;
    const spaceName = quotedField(example.spaceName, 'spaceName').text;
    const cache = createOperationsKeyCache();
    const derived = await deriveOperationsKey(spaceKey, spaceName, { cache });
    expect(await decryptOperation(example.envelope ?? '', derived)).toEqual(vector.plaintext);
    const otherSpace = await deriveOperationsKey(spaceKey, `${spaceName}x`, { cache });
    await expect(decryptOperation(example.envelope ?? '', otherSpace)).rejects.toThrow(
      DECRYPT_FAILED_MESSAGE,
    );
  });

  it("the README's own Node snippet runs and opens every operation vector", async () => {
    const code = codeBlocks(section('Opening operations with Node and nothing else')).find(
      (b) => b.lang === 'js',
    )?.code;
    if (!code) throw new Error('no js code block under "Opening operations with Node"');
    const call =
      /^\/\/ decryptOperation\('([^']+)', operationsKey\('([^']+)', '([^']+)'\)\)\n\/\/ → (.+)$/m.exec(
        code,
      );
    expect(call, 'the commented example call').not.toBeNull();
    const [, envelope = '', spaceKey = '', spaceName = '', result = ''] = call ?? [];
    expect(
      operationEnvelopeVectors.some(
        (v) => v.envelope === envelope && v.spaceKey === spaceKey && v.spaceName === spaceName,
      ),
    ).toBe(true);
    const dir = await mkdtemp(join(tmpdir(), 'crypto-readme-ops-'));
    try {
      const file = join(dir, 'snippet.mjs');
      await writeFile(file, code);
      const module = (await import(pathToFileURL(file).href)) as {
        operationsKey: (spaceKey: string, spaceName: string) => Buffer;
        decryptOperation: (envelope: string, key: Buffer) => unknown;
      };
      expect(module.decryptOperation(envelope, module.operationsKey(spaceKey, spaceName))).toEqual(
        JSON.parse(result),
      );
      for (const v of operationEnvelopeVectors) {
        const key = module.operationsKey(v.spaceKey, v.spaceName);
        expect(key.toString('hex')).toBe(v.operationsKeyHex);
        expect(module.decryptOperation(v.envelope, key)).toEqual(v.plaintext);
      }
      for (const v of operationsKeyVectors) {
        expect(module.operationsKey(v.spaceKey, v.spaceName).toString('hex')).toBe(
          v.operationsKeyHex,
        );
      }
      const otherSpace = module.operationsKey(spaceKey, `${spaceName}x`);
      expect(() => module.decryptOperation(envelope, otherSpace)).toThrow();
      const content = envelopeVectors[0]?.envelope ?? '';
      expect(() => module.decryptOperation(content, otherSpace)).toThrow(
        'not an operation envelope',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
