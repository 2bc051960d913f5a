/**
 * Where each screen's code is (spec §2 routes): one lazily loaded module per screen, and the
 * screen at each path. The route table (router.tsx) renders them; main.tsx starts loading the
 * first screen's module at start-up, alongside the app's own code instead of after it (a tool
 * opened by its address otherwise waits for App.tsx to load and run before its chunks are even
 * asked for). A module asked for twice is loaded once: `import()` of one specifier returns the
 * same module.
 *
 * Imports nothing: only the loaders, so that it costs the start-up bundle a few hundred bytes.
 */
import type { ComponentType } from 'react';

/** Loads a screen's module: its default export is the screen. Rejects like the chunk's download. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/** Every lazily loaded screen's module. */
export const SCREEN_MODULES = {
  landing: () => import('../features/landing/LandingPage.tsx'),
  login: () => import('../features/login/LoginPage.tsx'),
  createSpace: () => import('../features/space-create/CreateSpacePage.tsx'),
  dashboard: () => import('../features/dashboard/DashboardPage.tsx'),
  settings: () => import('../features/settings/SettingsPage.tsx'),
  cryptoTest: () => import('../features/crypto-test/CryptoTestPage.tsx'),
  privacy: () => import('../features/legal/PrivacyPage.tsx'),
  imprint: () => import('../features/legal/ImprintPage.tsx'),
  toolUnavailable: () => import('../features/tool-shell/ToolUnavailablePage.tsx'),
  kanban: () => import('../tools/kanban/KanbanPage.tsx'),
  ticket: () => import('../tools/ticket/TicketPage.tsx'),
  bulletin: () => import('../tools/bulletin/BulletinPage.tsx'),
  diagrams: () => import('../tools/diagrams/DiagramsPage.tsx'),
  'scrum-poker': () => import('../tools/poker/PokerPage.tsx'),
  randomizer: () => import('../tools/randomizer/RandomizerPage.tsx'),
} satisfies Record<string, ScreenLoader>;

/** The name of a screen's module in {@link SCREEN_MODULES}. */
export type ScreenName = keyof typeof SCREEN_MODULES;

/** The tool routes of spec §2 (`/tools/{path}`), each with the screen of the same name. */
export const TOOL_PATHS = [
  'kanban',
  'ticket',
  'bulletin',
  'diagrams',
  'scrum-poker',
  'randomizer',
] as const satisfies readonly ScreenName[];

/** The screen at each path other than the tools' (`/space/register` only redirects). */
export const SCREEN_AT_PATH: Readonly<Record<string, ScreenName>> = {
  '/': 'landing',
  '/space/create': 'createSpace',
  '/space/login': 'login',
  '/login': 'login',
  '/space/settings': 'settings',
  '/dashboard': 'dashboard',
  '/crypto-test': 'cryptoTest',
  '/datenschutz': 'privacy',
  '/impressum': 'imprint',
};

/**
 * The screen at `pathname` ('/tools/kanban', '/dashboard/'): a tool route's own screen,
 * 'toolUnavailable' for another `/tools/…` path, null for a path without a lazily loaded
 * screen (a redirect).
 */
export function screenAt(pathname: string): ScreenName | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const tool = /^\/tools\/([^/]+)$/.exec(path)?.[1];
  if (tool === undefined) return SCREEN_AT_PATH[path] ?? null;
  return (TOOL_PATHS as readonly string[]).includes(tool)
    ? (tool as (typeof TOOL_PATHS)[number])
    : 'toolUnavailable';
}

/**
 * Starts loading the code of the screen at `pathname` (see {@link screenAt}) and resolves when
 * it is there; at once for a path without one. Rejects like the chunk's download.
 */
export function loadScreenAt(pathname: string): Promise<unknown> {
  const screen = screenAt(pathname);
  return screen === null ? Promise.resolve() : SCREEN_MODULES[screen]();
}
