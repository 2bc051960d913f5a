/**
 * The module of each screen by route (spec §2), for the build: `screen-preloads.config.ts` lists
 * each screen's code files (and the app's) in `screen-preloads.json`, and the server names them in
 * the page it sends for that route (`<link rel="modulepreload">`, packages/server/src/web-app.ts),
 * so a page opened by its address fetches its screen's code together with the app's instead of
 * after it. router.tsx loads the same modules; a test keeps the two in step. Paths are relative to
 * the web package.
 */
export const SCREEN_MODULES: Readonly<Record<string, string>> = {
  '/': 'src/features/landing/LandingPage.tsx',
  '/space/create': 'src/features/space-create/CreateSpacePage.tsx',
  '/space/login': 'src/features/login/LoginPage.tsx',
  '/login': 'src/features/login/LoginPage.tsx',
  '/space/settings': 'src/features/settings/SettingsPage.tsx',
  '/dashboard': 'src/features/dashboard/DashboardPage.tsx',
  '/crypto-test': 'src/features/crypto-test/CryptoTestPage.tsx',
  '/datenschutz': 'src/features/legal/PrivacyPage.tsx',
  '/impressum': 'src/features/legal/ImprintPage.tsx',
  '/tools/kanban': 'src/tools/kanban/KanbanPage.tsx',
  '/tools/ticket': 'src/tools/ticket/TicketPage.tsx',
  '/tools/bulletin': 'src/tools/bulletin/BulletinPage.tsx',
  '/tools/diagrams': 'src/tools/diagrams/DiagramsPage.tsx',
  '/tools/scrum-poker': 'src/tools/poker/PokerPage.tsx',
  '/tools/randomizer': 'src/tools/randomizer/RandomizerPage.tsx',
};

/** The app's own module, which main.tsx loads after its start-up checks: needed by every screen. */
export const APP_MODULE = 'src/app/App.tsx';
