/**
 * The route table of spec §2. Pages are lazy-loaded so the landing page ships little JS. The
 * login screen is where a permanent connection loss leads (spec §4), so it must render while the
 * server is unreachable: a signed-in tab loads its code with the first screen (App.tsx).
 * `space/register` → `/space/login` (query kept); `/login` is the connection-lost target;
 * any other path → `/`; pages that need a session redirect to `/space/login`.
 */
import { lazy, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';

import { Layout } from './Layout.tsx';
import { localized } from './Localized.tsx';
import { toolNameAt } from '../tools/registry.ts';
import { RequireSession } from './RequireSession.tsx';
import { ToolRoute } from './ToolRoute.tsx';

/** A lazily loaded screen whose code can be loaded ahead; see {@link lazyScreen}. */
type LazyScreen = ComponentType & { preload(): Promise<void> };

/**
 * A screen whose code loads when it first renders (`React.lazy`) — or earlier, with `preload()`.
 * Once its code is there it renders without suspending: the first screen, preloaded before the
 * first render (see {@link preloadScreen}), shows no loading fallback, whose replacement React
 * would hold back by up to 300 ms (its Suspense reveal throttling).
 */
function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = (): Promise<void> =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded ?? (() => null) };
  });
  function Screen() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Screen, { preload });
}

const LandingPage = lazyScreen(() => import('../features/landing/LandingPage.tsx'));
const LoginPage = lazyScreen(() => import('../features/login/LoginPage.tsx'));
const CreateSpacePage = lazyScreen(() => import('../features/space-create/CreateSpacePage.tsx'));
const DashboardPage = lazyScreen(() => import('../features/dashboard/DashboardPage.tsx'));
const SettingsPage = lazyScreen(() => import('../features/settings/SettingsPage.tsx'));
const CryptoTestPage = lazyScreen(() => import('../features/crypto-test/CryptoTestPage.tsx'));
const PrivacyPage = lazyScreen(() => import('../features/legal/PrivacyPage.tsx'));
const ImprintPage = lazyScreen(() => import('../features/legal/ImprintPage.tsx'));
const ToolUnavailablePage = lazyScreen(
  () => import('../features/tool-shell/ToolUnavailablePage.tsx'),
);
const KanbanPage = lazyScreen(() => import('../tools/kanban/KanbanPage.tsx'));
const TicketPage = lazyScreen(() => import('../tools/ticket/TicketPage.tsx'));
const BulletinPage = lazyScreen(() => import('../tools/bulletin/BulletinPage.tsx'));
const DiagramsPage = lazyScreen(() => import('../tools/diagrams/DiagramsPage.tsx'));
const PokerPage = lazyScreen(() => import('../tools/poker/PokerPage.tsx'));
const RandomizerPage = lazyScreen(() => import('../tools/randomizer/RandomizerPage.tsx'));

/** The screens of the tools built so far (lazy: a tool's code loads when it is opened). */
const TOOL_SCREENS: Partial<Record<(typeof TOOL_PATHS)[number], LazyScreen>> = {
  kanban: KanbanPage,
  ticket: TicketPage,
  bulletin: BulletinPage,
  diagrams: DiagramsPage,
  'scrum-poker': PokerPage,
  randomizer: RandomizerPage,
};

/** The lazily loaded screen at each path (the tool screens are added below). */
const SCREENS_BY_PATH: Readonly<Record<string, LazyScreen>> = {
  '/': LandingPage,
  '/space/create': CreateSpacePage,
  '/space/login': LoginPage,
  '/login': LoginPage,
  '/space/settings': SettingsPage,
  '/dashboard': DashboardPage,
  '/crypto-test': CryptoTestPage,
  '/datenschutz': PrivacyPage,
  '/impressum': ImprintPage,
};

/**
 * Loads the code of the screen at `pathname` (e.g. '/tools/kanban'); resolves at once for a path
 * without a lazily loaded screen. Rejects like the chunk's download. Call before the first render.
 */
export function preloadScreen(pathname: string): Promise<void> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const tool = /^\/tools\/([^/]+)$/.exec(path)?.[1];
  const screen =
    tool === undefined
      ? SCREENS_BY_PATH[path]
      : (TOOL_SCREENS[tool as (typeof TOOL_PATHS)[number]] ?? ToolUnavailablePage);
  return screen ? screen.preload() : Promise.resolve();
}

/** `/space/register?…` → `/space/login?…` keeping the query and fragment. */
function RegisterRedirect() {
  const location = useLocation();
  return (
    <Navigate
      to={{ pathname: '/space/login', search: location.search, hash: location.hash }}
      replace
    />
  );
}

const session = (page: ReactNode) => <RequireSession>{page}</RequireSession>;

/** The tool routes of spec §2, one per tool of the registry. */
export const TOOL_PATHS = [
  'kanban',
  'ticket',
  'bulletin',
  'diagrams',
  'scrum-poker',
  'randomizer',
] as const;

export function createRouter() {
  return createBrowserRouter([
    {
      element: <Layout />,
      children: [
        { index: true, element: localized(<LandingPage />) },
        { path: 'space/create', element: localized(<CreateSpacePage />) },
        { path: 'space/login', element: localized(<LoginPage />) },
        { path: 'login', element: localized(<LoginPage />) },
        { path: 'space/register', element: <RegisterRedirect /> },
        { path: 'space/settings', element: session(localized(<SettingsPage />)) },
        { path: 'dashboard', element: session(localized(<DashboardPage />)) },
        { path: 'crypto-test', element: localized(<CryptoTestPage />) },
        { path: 'datenschutz', element: localized(<PrivacyPage />) },
        { path: 'impressum', element: localized(<ImprintPage />) },
        ...TOOL_PATHS.map((path) => {
          const tool = toolNameAt(`/tools/${path}`);
          const Screen = TOOL_SCREENS[path] ?? ToolUnavailablePage;
          const screen = localized(<Screen />);
          return {
            path: `tools/${path}`,
            element: session(tool ? <ToolRoute tool={tool}>{screen}</ToolRoute> : screen),
          };
        }),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]);
}
