/**
 * The screen at each path (./screen-modules.ts): what main.tsx starts loading at start-up and
 * the route table renders (spec §2 routes).
 */
import { describe, expect, it } from 'vitest';

import { SCREEN_AT_PATH, SCREEN_MODULES, screenAt, TOOL_PATHS } from './screen-modules.ts';

describe('screenAt', () => {
  it.each([
    ['/', 'landing'],
    ['/space/create', 'createSpace'],
    ['/space/login', 'login'],
    ['/login', 'login'],
    ['/space/settings', 'settings'],
    ['/dashboard', 'dashboard'],
    ['/dashboard/', 'dashboard'],
    ['/crypto-test', 'cryptoTest'],
    ['/datenschutz', 'privacy'],
    ['/impressum', 'imprint'],
    ['/tools/kanban', 'kanban'],
    ['/tools/ticket/', 'ticket'],
    ['/tools/bulletin', 'bulletin'],
    ['/tools/diagrams', 'diagrams'],
    ['/tools/scrum-poker', 'scrum-poker'],
    ['/tools/randomizer', 'randomizer'],
  ])('%s → %s', (path, screen) => {
    expect(screenAt(path)).toBe(screen);
  });

  it('names the unavailable-tool screen for any other tool path', () => {
    expect(screenAt('/tools/whiteboard')).toBe('toolUnavailable');
  });

  it('has no screen for redirects and unknown paths', () => {
    for (const path of ['/space/register', '/nowhere', '/tools', '/tools/kanban/extra'])
      expect(screenAt(path)).toBeNull();
  });

  it('has a module for every screen it names', () => {
    for (const screen of [...Object.values(SCREEN_AT_PATH), ...TOOL_PATHS])
      expect(typeof SCREEN_MODULES[screen]).toBe('function');
  });
});
