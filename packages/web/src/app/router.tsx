/**
 * The route table of spec §2. Pages are lazy-loaded so the landing page ships little JS — except
 * the login screen: it is where a permanent connection loss leads (spec §4), so it must render
 * while the server is unreachable and cannot depend on fetching a chunk then.
 * `space/register` → `/space/login` (query kept); `/login` is the connection-lost target;
 * any other path → `/`; pages that need a session redirect to `/space/login`.
 */
import { lazy, type ReactElement, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';

import LoginPage from '../features/login/LoginPage.tsx';
import { Layout } from './Layout.tsx';
import { localized } from './Localized.tsx';
import { toolNameAt } from '../tools/registry.ts';
import { RequireSession } from './RequireSession.tsx';
import { ToolRoute } from './ToolRoute.tsx';

const LandingPage = lazy(() => import('../features/landing/LandingPage.tsx'));
const CreateSpacePage = lazy(() => import('../features/space-create/CreateSpacePage.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.tsx'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage.tsx'));
const CryptoTestPage = lazy(() => import('../features/crypto-test/CryptoTestPage.tsx'));
const PrivacyPage = lazy(() => import('../features/legal/PrivacyPage.tsx'));
const ImprintPage = lazy(() => import('../features/legal/ImprintPage.tsx'));
const ToolUnavailablePage = lazy(() => import('../features/tool-shell/ToolUnavailablePage.tsx'));
const KanbanPage = lazy(() => import('../tools/kanban/KanbanPage.tsx'));
const TicketPage = lazy(() => import('../tools/ticket/TicketPage.tsx'));
const BulletinPage = lazy(() => import('../tools/bulletin/BulletinPage.tsx'));
const DiagramsPage = lazy(() => import('../tools/diagrams/DiagramsPage.tsx'));
const PokerPage = lazy(() => import('../tools/poker/PokerPage.tsx'));
const RandomizerPage = lazy(() => import('../tools/randomizer/RandomizerPage.tsx'));

/** The screens of the tools built so far (lazy: a tool's code loads when it is opened). */
const TOOL_SCREENS: Partial<Record<(typeof TOOL_PATHS)[number], ReactElement>> = {
  kanban: <KanbanPage />,
  ticket: <TicketPage />,
  bulletin: <BulletinPage />,
  diagrams: <DiagramsPage />,
  'scrum-poker': <PokerPage />,
  randomizer: <RandomizerPage />,
};

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

/** The tool routes of spec §2; each tool's screen comes with its own issue. */
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
          const screen = localized(TOOL_SCREENS[path] ?? <ToolUnavailablePage />);
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
