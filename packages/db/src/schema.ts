/**
 * The whole database schema (spec §3 entities): spaces, their users, sessions, the encrypted tool
 * contents, the log of their changes and the snapshots that rebuild their past versions. Relations
 * sit beside the tables; inferred row types are exported.
 *
 * Nothing in here is plaintext tool data: `encryptedData` is the client's envelope string
 * (`{data, iv, salt}`, spec §9), stored and returned byte-exact; the change log holds only
 * encrypted operation envelopes, the snapshots only envelopes; verifiers are stored only as
 * argon2id hashes.
 */
import { relations, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A shared space (spec §3 Space). `lastLoginAt` drives the inactive-space retention job.
 *
 * Names nobody can impersonate (the rules are packages/api/src/services/names.ts):
 * `nameKey` is the name as compared (one name however it is cased or spaced), `nameSkeleton` what
 * it looks like (UTS #39), `nameKeysVersion` the version of the rules that computed them — null
 * for a row written before migration 0003 or by an older instance; the api fills them in before
 * it compares names. A row whose key or skeleton an older row already held keeps null there: such
 * names were accepted before the rules, and stay reachable by their exact name. The same three
 * columns on `users` compare usernames within a space.
 */
export const spaces = pgTable(
  'spaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Unique among spaces where set (see above). */
    nameKey: text('name_key'),
    nameSkeleton: text('name_skeleton'),
    nameKeysVersion: integer('name_keys_version'),
    /** argon2id hash of the client's space-name verifier (never the verifier itself). */
    verifierHash: text('verifier_hash').notNull(),
    forceUserPasswords: boolean('force_user_passwords').notNull().default(true),
    allowSelfRegistration: boolean('allow_self_registration').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastLoginAt: timestamptz('last_login_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('spaces_name_key').on(t.name),
    uniqueIndex('spaces_name_fold_key').on(t.nameKey),
    uniqueIndex('spaces_name_skeleton_key').on(t.nameSkeleton),
    index('spaces_name_keys_version_idx').on(t.nameKeysVersion),
    index('spaces_last_login_at_idx').on(t.lastLoginAt),
  ],
);

/** The space a row belongs to: it goes with the space (cascade). */
const spaceIdColumn = () =>
  uuid('space_id')
    .notNull()
    .references(() => spaces.id, { onDelete: 'cascade' });

export const USER_ROLES = ['admin', 'member'] as const;
/** spec §6 Roles. */
export type UserRole = (typeof USER_ROLES)[number];

/** A member of one space (spec §3 User). Usernames are unique per space, case-insensitively. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: spaceIdColumn(),
    username: text('username').notNull(),
    /** Unique within the space where set (as the name columns of `spaces`). */
    usernameKey: text('username_key'),
    usernameSkeleton: text('username_skeleton'),
    nameKeysVersion: integer('name_keys_version'),
    /** argon2id hash of the client's password verifier; null when the user has no password. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: USER_ROLES }).notNull().default('member'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_space_username_key').on(t.spaceId, sql`lower(${t.username})`),
    uniqueIndex('users_space_username_fold_key').on(t.spaceId, t.usernameKey),
    uniqueIndex('users_space_username_skeleton_key').on(t.spaceId, t.usernameSkeleton),
    index('users_space_created_idx').on(t.spaceId, t.createdAt),
    check('users_role_check', sql`${t.role} in ('admin', 'member')`),
  ],
);

/**
 * A login session (Lucia session design): `id` is the hex SHA-256 of the bearer token, so a
 * database leak yields no usable token. `expiresAt` slides on use; `absoluteExpiresAt` caps it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spaceId: spaceIdColumn(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    absoluteExpiresAt: timestamptz('absolute_expires_at').notNull(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_space_id_idx').on(t.spaceId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * One encrypted content document per (space, tool) (spec §3 Tool content). `version` is the
 * optimistic-concurrency counter: a save must name the stored version and stores version + 1.
 */
export const toolContents = pgTable(
  'tool_contents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: spaceIdColumn(),
    tool: text('tool').notNull(),
    encryptedData: text('encrypted_data').notNull(),
    contentMetadata: jsonb('content_metadata').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull(),
    /**
     * The version `encrypted_data` holds: `version` itself after a save with a snapshot, older
     * after saves of operations only (their operations are in tool_changes) until a member
     * uploads a newer snapshot.
     */
    snapshotVersion: integer('snapshot_version').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tool_contents_space_tool_key').on(t.spaceId, t.tool),
    check('tool_contents_snapshot_version_check', sql`${t.snapshotVersion} <= ${t.version}`),
  ],
);

/** The kinds of a {@link toolChanges} row, as stored in `tool_changes.kind`. */
export const TOOL_CHANGE_KINDS = ['operations', 'replacement'] as const;
/**
 * How a save changed a tool's content: `operations` — the saver sent the encrypted operations that
 * turn the previous version into this one; `replacement` — a whole new snapshot without operations
 * (a third-party PUT, spec §7): receivers load the snapshot.
 */
export type ToolChangeKind = (typeof TOOL_CHANGE_KINDS)[number];

/**
 * The change log of a tool's content: one row per saved version, written in the same transaction as
 * the snapshot in `tool_contents`. `version` is the version the save produced; `operations` the
 * encrypted operation envelopes (JSON strings, never plaintext) for kind `operations`, null for a
 * `replacement`. Rows stay when the tool's content is deleted (the next save continues the
 * numbering), and go with the space or when the history retention job prunes them. The unique index
 * (space_id, tool, version) serves every lookup: "changes since v" is `version > v` on it.
 */
export const toolChanges = pgTable(
  'tool_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: spaceIdColumn(),
    tool: text('tool').notNull(),
    version: integer('version').notNull(),
    kind: text('kind', { enum: TOOL_CHANGE_KINDS }).notNull(),
    operations: jsonb('operations').$type<string[]>(),
    /**
     * For a replacement made from an older snapshot than the version before it: the version it
     * was made from. The operations after that version up to this one are not in it; members
     * apply them again on top of it. Null otherwise.
     */
    baseVersion: integer('base_version'),
    modifiedBy: text('modified_by').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tool_changes_space_tool_version_key').on(t.spaceId, t.tool, t.version),
    check('tool_changes_kind_check', sql`${t.kind} in ('operations', 'replacement')`),
    check(
      'tool_changes_operations_check',
      sql`(${t.kind} = 'operations') = (${t.operations} is not null)`,
    ),
  ],
);

/**
 * Past versions of a tool's content kept whole: the encrypted envelope a save stored, byte-exact,
 * written in the save's transaction when the save was a replacement, when the tool had no snapshot
 * yet, or every HISTORY_SNAPSHOT_EVERY_VERSIONS versions (packages/api). A kept version is rebuilt
 * from the newest snapshot at or before it plus the {@link toolChanges} after that snapshot. Rows
 * stay when the tool's content is deleted; they go with the space (cascade) or when the history
 * retention job prunes versions nobody may ask for any more. The unique index (space_id, tool,
 * version) serves every lookup ("newest snapshot ≤ v" is a backward scan).
 */
export const toolSnapshots = pgTable(
  'tool_snapshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: spaceIdColumn(),
    tool: text('tool').notNull(),
    version: integer('version').notNull(),
    encryptedData: text('encrypted_data').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tool_snapshots_space_tool_version_key').on(t.spaceId, t.tool, t.version)],
);

/**
 * The saves a tool answered recently, by the save id their client sent (exactly-once saves):
 * written in the same transaction as the save, so a retry of a save whose answer was lost finds it
 * and is answered with the original result (`contentId`, `version`, `contentMetadata` — what
 * `content.save` returned) instead of a phantom 409. `saveId` is the client's id
 * (1–SAVE_ID_MAX_CHARS characters, packages/api), unique per space, tool and member (`userId`):
 * another member's equal id is another save. `bodySha256` is the hex SHA-256 of the save's
 * canonical body (encrypted_data, metadata, operations): a retry must send the same body. `userId`
 * has no foreign key: the row lives at most SAVE_ID_RETENTION_MS and names no one else. Rows go
 * after SAVE_ID_RETENTION_MS (the session cleanup job) or with the space; deleting a tool's content
 * keeps them, so a late retry of a save from before the deletion does not recreate it.
 */
export const toolSaves = pgTable(
  'tool_saves',
  {
    spaceId: spaceIdColumn(),
    tool: text('tool').notNull(),
    userId: uuid('user_id').notNull(),
    saveId: text('save_id').notNull(),
    bodySha256: text('body_sha256').notNull(),
    contentId: uuid('content_id').notNull(),
    version: integer('version').notNull(),
    contentMetadata: jsonb('content_metadata').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'tool_saves_pkey', columns: [t.spaceId, t.tool, t.userId, t.saveId] }),
    index('tool_saves_created_at_idx').on(t.createdAt),
  ],
);

export const spacesRelations = relations(spaces, ({ many }) => ({
  users: many(users),
  sessions: many(sessions),
  toolContents: many(toolContents),
  toolChanges: many(toolChanges),
  toolSnapshots: many(toolSnapshots),
  toolSaves: many(toolSaves),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  space: one(spaces, { fields: [users.spaceId], references: [spaces.id] }),
  sessions: many(sessions),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
  space: one(spaces, { fields: [sessions.spaceId], references: [spaces.id] }),
}));

export const toolContentsRelations = relations(toolContents, ({ one }) => ({
  space: one(spaces, { fields: [toolContents.spaceId], references: [spaces.id] }),
}));

/** A change belongs to one space. */
export const toolChangesRelations = relations(toolChanges, ({ one }) => ({
  space: one(spaces, { fields: [toolChanges.spaceId], references: [spaces.id] }),
}));

/** A remembered save belongs to one space. */
export const toolSavesRelations = relations(toolSaves, ({ one }) => ({
  space: one(spaces, { fields: [toolSaves.spaceId], references: [spaces.id] }),
}));

/** A snapshot belongs to one space. */
export const toolSnapshotsRelations = relations(toolSnapshots, ({ one }) => ({
  space: one(spaces, { fields: [toolSnapshots.spaceId], references: [spaces.id] }),
}));

export type Space = typeof spaces.$inferSelect;
export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type ToolContent = typeof toolContents.$inferSelect;
/** One row of the change log; see {@link toolChanges}. */
export type ToolChange = typeof toolChanges.$inferSelect;
/** One kept snapshot of a tool's content; see {@link toolSnapshots}. */
export type ToolSnapshot = typeof toolSnapshots.$inferSelect;
/** One remembered save; see {@link toolSaves}. */
export type ToolSave = typeof toolSaves.$inferSelect;
