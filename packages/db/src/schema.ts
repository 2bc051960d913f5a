/**
 * The whole database schema (spec §3 entities): spaces, their users, sessions and the
 * encrypted tool contents. Relations sit beside the tables; inferred row types are exported.
 *
 * Nothing in here is plaintext tool data: `encryptedData` is the client's envelope string
 * (`{data, iv, salt}`, spec §9), stored and returned byte-exact; verifiers are stored only as
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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A shared space (spec §3 Space). `lastLoginAt` drives the inactive-space retention job. */
export const spaces = pgTable(
  'spaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** argon2id hash of the client's space-name verifier (never the verifier itself). */
    verifierHash: text('verifier_hash').notNull(),
    forceUserPasswords: boolean('force_user_passwords').notNull().default(true),
    allowSelfRegistration: boolean('allow_self_registration').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastLoginAt: timestamptz('last_login_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('spaces_name_key').on(t.name),
    index('spaces_last_login_at_idx').on(t.lastLoginAt),
  ],
);

export const USER_ROLES = ['admin', 'member'] as const;
/** spec §6 Roles. */
export type UserRole = (typeof USER_ROLES)[number];

/** A member of one space (spec §3 User). Usernames are unique per space, case-insensitively. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    /** argon2id hash of the client's password verifier; null when the user has no password. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: USER_ROLES }).notNull().default('member'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_space_username_key').on(t.spaceId, sql`lower(${t.username})`),
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
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
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
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    encryptedData: text('encrypted_data').notNull(),
    contentMetadata: jsonb('content_metadata').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tool_contents_space_tool_key').on(t.spaceId, t.tool)],
);

export const spacesRelations = relations(spaces, ({ many }) => ({
  users: many(users),
  sessions: many(sessions),
  toolContents: many(toolContents),
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

export type Space = typeof spaces.$inferSelect;
export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type ToolContent = typeof toolContents.$inferSelect;
