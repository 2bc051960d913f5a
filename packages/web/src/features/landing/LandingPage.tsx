/**
 * Landing page `/` (spec §1, §2 Landing page): development banner with cookie notice, the three
 * entry buttons (access existing space, create new space, quick access) and the marketing
 * sections (features, what is this, security, quick start in 3 steps, use cases).
 * Signed-in visitors are sent to /dashboard.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';

import { StatusMessage } from '../../components/StatusMessage.tsx';
import { PRODUCT_NAME } from '../../lib/product.ts';
import { useSession } from '../../lib/session.ts';
import { m } from '../../paraglide/messages.js';
import { ToolIcon, type ToolName } from '../../tools/registry.ts';
import { DevelopmentBanner } from './DevelopmentBanner.tsx';
import type { QuickAccessFailure } from './quick-access.ts';
import { useQuickAccess } from './use-quick-access.ts';

type Text = () => string;

/**
 * The quick-access prompt pulls in Radix Dialog (~13 KB gzip), which the landing page needs only
 * once quick access is used: it is loaded then, and preloaded as soon as the pointer or focus
 * reaches the quick-access button, so the prompt opens on the first click without a delay.
 */
const loadQuickAccessDialog = () => import('./QuickAccessDialog.tsx');
let quickAccessDialogPreload: Promise<unknown> | null = null;
function preloadQuickAccessDialog() {
  // A failed preload is forgotten, so the next hover, focus or the lazy component retries.
  quickAccessDialogPreload ??= loadQuickAccessDialog().catch(() => {
    quickAccessDialogPreload = null;
  });
}
const QuickAccessDialog = lazy(async () => ({
  default: (await loadQuickAccessDialog()).QuickAccessDialog,
}));

/** The six tools of spec §1, in registry order. */
const TOOLS: readonly { id: ToolName; name: Text; text: Text }[] = [
  {
    id: 'kanban',
    name: m.landing_tool_kanban_name,
    text: m.landing_tool_kanban_text,
  },
  {
    id: 'ticket-system',
    name: m.landing_tool_ticket_name,
    text: m.landing_tool_ticket_text,
  },
  {
    id: 'bulletin',
    name: m.landing_tool_bulletin_name,
    text: m.landing_tool_bulletin_text,
  },
  {
    id: 'diagrams',
    name: m.landing_tool_diagrams_name,
    text: m.landing_tool_diagrams_text,
  },
  { id: 'poker', name: m.landing_tool_poker_name, text: m.landing_tool_poker_text },
  {
    id: 'randomizer',
    name: m.landing_tool_randomizer_name,
    text: m.landing_tool_randomizer_text,
  },
];

const SECURITY_POINTS: readonly Text[] = [
  m.landing_security_key,
  m.landing_security_aes,
  m.landing_security_pbkdf2,
  m.landing_security_server,
];

const STEPS: readonly { title: Text; text: Text }[] = [
  { title: m.landing_step_1_title, text: m.landing_step_1_text },
  { title: m.landing_step_2_title, text: m.landing_step_2_text },
  { title: m.landing_step_3_title, text: m.landing_step_3_text },
];

const USE_CASES: readonly { id: string; title: Text; text: Text }[] = [
  { id: 'standup', title: m.landing_usecase_standup_title, text: m.landing_usecase_standup_text },
  {
    id: 'planning',
    title: m.landing_usecase_planning_title,
    text: m.landing_usecase_planning_text,
  },
  { id: 'retro', title: m.landing_usecase_retro_title, text: m.landing_usecase_retro_text },
  { id: 'design', title: m.landing_usecase_design_title, text: m.landing_usecase_design_text },
  {
    id: 'confidential',
    title: m.landing_usecase_confidential_title,
    text: m.landing_usecase_confidential_text,
  },
];

/** The §8 quick-access alert for the step that failed. */
const FAILURE_TEXT: Record<QuickAccessFailure, Text> = {
  create: m.quick_error_create,
  register: m.quick_error_registration,
  login: m.quick_error_access,
};

export default function LandingPage() {
  const session = useSession();
  const navigate = useNavigate();
  const quick = useQuickAccess();
  const { state } = quick;

  // The prompt has no Radix trigger, so focus goes back to the quick-access button by hand
  // once the prompt closes (cancelled, or submitted and now creating).
  const quickButton = useRef<HTMLButtonElement>(null);
  const previousPhase = useRef(state.phase);
  useEffect(() => {
    if (previousPhase.current === 'naming' && state.phase !== 'naming')
      quickButton.current?.focus();
    previousPhase.current = state.phase;
  }, [state.phase]);

  if (session) return <Navigate to="/dashboard" replace />;

  const creating = state.phase === 'creating' || state.phase === 'done';
  const failure = state.phase === 'idle' && state.failure ? FAILURE_TEXT[state.failure]() : null;
  const product = { product: PRODUCT_NAME };

  return (
    <>
      <DevelopmentBanner />
      <div className="page landing">
        <section className="landing-hero" aria-labelledby="landing-hero-title">
          <h1 id="landing-hero-title">{m.landing_hero_title()}</h1>
          <p className="landing-lead">{m.landing_hero_lead(product)}</p>
          <div className="row landing-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={creating}
              onClick={() => void navigate('/space/login')}
            >
              {m.landing_access_existing()}
            </button>
            <button
              type="button"
              className="button"
              disabled={creating}
              onClick={() => void navigate('/space/create')}
            >
              {m.landing_create_new()}
            </button>
            {/* Not `disabled` while creating: a second click must reach the handler, which
                ignores it (spec §4), and the button keeps its focus. */}
            <button
              ref={quickButton}
              type="button"
              className="button"
              aria-disabled={creating}
              aria-busy={creating}
              aria-describedby="landing-quick-hint"
              onPointerEnter={preloadQuickAccessDialog}
              onPointerDown={preloadQuickAccessDialog}
              onFocus={preloadQuickAccessDialog}
              onClick={quick.start}
            >
              {m.landing_quick_access()}
            </button>
          </div>
          <p id="landing-quick-hint" className="field-hint">
            {m.landing_quick_access_hint()}
          </p>
          <StatusMessage kind="info">{creating ? m.quick_creating() : null}</StatusMessage>
          <StatusMessage kind="error">{failure}</StatusMessage>
        </section>

        <section className="landing-section" aria-labelledby="landing-features-title">
          <h2 id="landing-features-title">{m.landing_features_title()}</h2>
          <p>{m.landing_features_lead()}</p>
          <ul className="grid landing-list">
            {TOOLS.map((tool) => (
              <li key={tool.id} className="card">
                <h3>
                  <span className="landing-icon">
                    <ToolIcon name={tool.id} />
                  </span>{' '}
                  {tool.name()}
                </h3>
                <p>{tool.text()}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="landing-section" aria-labelledby="landing-what-title">
          <h2 id="landing-what-title">{m.landing_what_title(product)}</h2>
          <p>{m.landing_what_text_1(product)}</p>
          <p>{m.landing_what_text_2()}</p>
        </section>

        <section className="landing-section card" aria-labelledby="landing-security-title">
          <h2 id="landing-security-title">{m.landing_security_title()}</h2>
          <p>{m.landing_security_lead(product)}</p>
          <ul>
            {SECURITY_POINTS.map((point, index) => (
              <li key={index}>{point()}</li>
            ))}
          </ul>
          <p className="landing-note">{m.landing_security_warning()}</p>
        </section>

        <section className="landing-section" aria-labelledby="landing-steps-title">
          <h2 id="landing-steps-title">{m.landing_steps_title()}</h2>
          <ol className="grid landing-list landing-steps">
            {STEPS.map((step, index) => (
              <li key={index} className="card">
                <h3>
                  <span className="landing-step-number" aria-hidden="true">
                    {index + 1}
                  </span>{' '}
                  {step.title()}
                </h3>
                <p>{step.text()}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="landing-section" aria-labelledby="landing-usecases-title">
          <h2 id="landing-usecases-title">{m.landing_usecases_title()}</h2>
          <ul className="grid landing-list">
            {USE_CASES.map((useCase) => (
              <li key={useCase.id} className="card">
                <h3>{useCase.title()}</h3>
                <p>{useCase.text()}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
      {state.phase === 'naming' ? (
        // Shown only if the prompt's chunk is not there yet (no hover or focus before the click).
        <Suspense fallback={<StatusMessage kind="info">{m.common_loading()}</StatusMessage>}>
          <QuickAccessDialog
            nameError={state.nameError}
            onCancel={quick.cancel}
            onSubmit={quick.submit}
          />
        </Suspense>
      ) : null}
    </>
  );
}
