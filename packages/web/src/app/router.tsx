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
import { SCREEN_MODULES, screenAt, TOOL_PATHS, type ScreenName } from './screen-modules.ts';
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

/** Every lazily loaded screen, by the name of its module (./screen-modules.ts). */
const SCREENS = Object.fromEntries(
  Object.entries(SCREEN_MODULES).map(([name, load]) => [name, lazyScreen(load)]),
) as Record<ScreenName, LazyScreen>;

/**
 * Loads the code of the screen at `pathname` (e.g. '/tools/kanban'); resolves at once for a path
 * without a lazily loaded screen. Rejects like the chunk's download. Call before the first render.
 */
export function preloadScreen(pathname: string): Promise<void> {
  const name = screenAt(pathname);
  return name === null ? Promise.resolve() : SCREENS[name].preload();
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

export function createRouter() {
  return createBrowserRouter([
    {
      element: <Layout />,
      children: [
        { index: true, element: localized(<SCREENS.landing />) },
        { path: 'space/create', element: localized(<SCREENS.createSpace />) },
        { path: 'space/login', element: localized(<SCREENS.login />) },
        { path: 'login', element: localized(<SCREENS.login />) },
        { path: 'space/register', element: <RegisterRedirect /> },
        { path: 'space/settings', element: session(localized(<SCREENS.settings />)) },
        { path: 'dashboard', element: session(localized(<SCREENS.dashboard />)) },
        { path: 'crypto-test', element: localized(<SCREENS.cryptoTest />) },
        { path: 'datenschutz', element: localized(<SCREENS.privacy />) },
        { path: 'impressum', element: localized(<SCREENS.imprint />) },
        ...TOOL_PATHS.map((path) => {
          const tool = toolNameAt(`/tools/${path}`);
          const Screen = SCREENS[path];
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
