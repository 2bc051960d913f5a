/**
 * Setting up what a benchmark measures, through the documented REST API (spec §7) as a
 * third-party client would: a space with real verifiers, members logged in, encrypted content
 * saved with the crypto package. Also the documents the benchmarks encrypt and save.
 */
import { randomBytes, randomUUID } from 'node:crypto';

import { deriveSpaceNameVerifier } from '@cipherspace/crypto';
import { tools } from '@cipherspace/tools';
import {
  ISSUE_PRIORITIES,
  ISSUE_TYPES,
  type Issue,
  type KanbanContent,
} from '@cipherspace/tools/tracker';

/** The space key every benchmark space uses. */
export const BENCH_SPACE_KEY = 'Bench!Space-Key-2024';

/** A member logged in over REST. */
export interface BenchMember {
  token: string;
  userId: string;
  username: string;
  role: 'admin' | 'member';
}

/** A space with its members (the first one is the admin). */
export interface BenchSpace {
  /** Its name (`{prefix}-{8 hex}`). */
  name: string;
  key: string;
  verifier: string;
  members: BenchMember[];
  /** The space as the login response shows it (what the web app keeps in localStorage). */
  info: {
    name: string;
    force_user_passwords: boolean;
    allow_self_registration: boolean;
    created_at: string;
  };
}

/** A JSON request; resolves status and parsed body. @throws on a network failure. */
export async function rest(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text;
    }
  }
  return { status: response.status, body };
}

function expectStatus(
  what: string,
  result: { status: number; body: unknown },
  status: number,
): void {
  if (result.status !== status) {
    throw new Error(
      `${what}: expected ${status}, got ${result.status} ${JSON.stringify(result.body)}`,
    );
  }
}

/**
 * Creates a space `{prefix}-{8 hex}` (self registration on, no passwords), registers each of
 * `usernames` (the first is the admin) and logs each in. @throws on any unexpected status.
 */
export async function setUpSpace(
  baseUrl: string,
  usernames: readonly string[],
  prefix = 'Bench',
): Promise<BenchSpace> {
  const name = `${prefix}-${randomBytes(4).toString('hex')}`;
  const verifier = await deriveSpaceNameVerifier(BENCH_SPACE_KEY, name);
  const created = await rest(baseUrl, 'POST', '/api/spaces/create', {
    body: {
      space_name: name,
      encrypted_space_name: verifier,
      force_user_passwords: false,
      allow_self_registration: true,
    },
  });
  expectStatus('create space', created, 201);
  const members: BenchMember[] = [];
  let info: BenchSpace['info'] | null = null;
  for (const username of usernames) {
    const registered = await rest(
      baseUrl,
      'POST',
      `/api/spaces/${encodeURIComponent(name)}/users/register`,
      { body: { username, encrypted_space_name: verifier } },
    );
    expectStatus(`register ${username}`, registered, 201);
    const login = await rest(baseUrl, 'POST', '/api/auth/login', {
      body: { space_name: name, encrypted_space_name: verifier, username },
    });
    expectStatus(`log in ${username}`, login, 200);
    const body = login.body as {
      access_token: string;
      space: BenchSpace['info'];
      user: { id: string; username: string; role: 'admin' | 'member' };
    };
    info ??= body.space;
    members.push({
      token: body.access_token,
      userId: body.user.id,
      username: body.user.username,
      role: body.user.role,
    });
  }
  if (!info) throw new Error('a space needs at least one member');
  return { name, key: BENCH_SPACE_KEY, verifier, members, info };
}

/** The REST path of a tool's content in a space. */
export function contentPath(spaceName: string, tool: string): string {
  return `/api/content/${encodeURIComponent(spaceName)}/${encodeURIComponent(tool)}`;
}

/**
 * Saves `envelope` as the content of `tool`, based on `version` (0 = first save); resolves the
 * new version. @throws unless the server answers 200.
 */
export async function saveContent(
  baseUrl: string,
  token: string,
  spaceName: string,
  tool: string,
  envelope: string,
  version: number,
): Promise<number> {
  const saved = await rest(baseUrl, 'PUT', contentPath(spaceName, tool), {
    token,
    body: { encrypted_data: envelope, metadata: { version } },
  });
  expectStatus(`save ${tool}`, saved, 200);
  return (saved.body as { content_metadata: { version: number } }).content_metadata.version;
}

const WORDS =
  'sprint backlog review deploy cache latency socket browser release hotfix migrate index query token session board column story epic estimate'.split(
    ' ',
  );

function sentence(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 7 + i * 13) % WORDS.length] ?? 'card');
  return out.join(' ');
}

/**
 * A Kanban board (spec §3 shared phase/issue content: the default columns and settings of
 * `@cipherspace/tools`) holding `cards` cards spread evenly over the columns, as the web app
 * stores it. Checked against the tool's strict schema and §5 validation before it is returned.
 */
export function kanbanBoard(cards: number, createdBy = 'alice'): KanbanContent {
  const now = new Date().toISOString();
  const board = tools.kanban.defaultContent({ now: () => now, newId: () => randomUUID() });
  const phases = board.phases.map((phase) => ({ ...phase, issues: [...phase.issues] }));
  for (let i = 0; i < cards; i++) {
    const phase = phases[i % phases.length];
    if (!phase) continue;
    const issue: Issue = {
      id: randomUUID(),
      title: `Card ${i + 1}: ${sentence(i, 4)}`,
      description: sentence(i + 1, 12),
      type: ISSUE_TYPES[i % ISSUE_TYPES.length] ?? 'Task',
      priority: ISSUE_PRIORITIES[i % ISSUE_PRIORITIES.length] ?? 'none',
      estimation: String(i % 13),
      assignedPerson: i % 3 === 0 ? '' : createdBy,
      comments: [],
      createdAt: now,
      createdBy,
      order: phase.issues.length,
      tags: [],
    };
    phase.issues.push(issue);
  }
  const filled = tools.kanban.parse({ ...board, phases, teamMembers: [createdBy] });
  const problems = tools.kanban.validate(filled);
  if (problems.length > 0) throw new Error(`bench board is invalid: ${problems.join('; ')}`);
  return filled;
}

/** A Kanban board whose JSON is at least `bytes` long (UTF-8), with as few cards as that takes. */
export function documentOfSize(bytes: number): KanbanContent {
  const perCard = JSON.stringify(kanbanBoard(10)).length / 10;
  let cards = Math.max(1, Math.floor(bytes / perCard));
  let board = kanbanBoard(cards);
  while (Buffer.byteLength(JSON.stringify(board)) < bytes) {
    cards += Math.max(1, Math.ceil(cards / 50));
    board = kanbanBoard(cards);
  }
  return board;
}
