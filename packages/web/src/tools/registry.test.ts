import { afterEach, describe, expect, it } from 'vitest';

import { TOOL_PATHS } from '../app/router.tsx';
import { applyLanguage } from '../lib/i18n.ts';
import { getTool, listTools, toolNameAt } from './registry.ts';

afterEach(() => {
  applyLanguage('en');
});

describe('tool registry (spec §1 Tools, §3 Tool metadata)', () => {
  it('lists the six tools with the names, display names and routes of the spec', () => {
    expect(
      listTools('en').map(({ name, displayName, route }) => ({ name, displayName, route })),
    ).toEqual([
      { name: 'kanban', displayName: 'Kanban Board', route: '/tools/kanban' },
      { name: 'ticket-system', displayName: 'Issue Management', route: '/tools/ticket' },
      { name: 'bulletin', displayName: 'Pinboard', route: '/tools/bulletin' },
      { name: 'diagrams', displayName: 'Diagrams', route: '/tools/diagrams' },
      { name: 'poker', displayName: 'Scrum Poker', route: '/tools/scrum-poker' },
      { name: 'randomizer', displayName: 'Daily Randomizer', route: '/tools/randomizer' },
    ]);
  });

  it('disables the real-time connection for diagrams only', () => {
    expect(
      listTools()
        .filter((tool) => tool.disableWebSocket)
        .map((tool) => tool.name),
    ).toEqual(['diagrams']);
  });

  it('gives every tool an icon, a colour and a description', () => {
    for (const tool of listTools('en')) {
      expect(tool.icon, tool.name).not.toBe('');
      expect(tool.color, tool.name).toMatch(/^#[0-9a-f]{6}$/i);
      expect(tool.description.length, tool.name).toBeGreaterThan(10);
    }
  });

  it('routes every tool to a path of the route table', () => {
    expect(listTools().map((tool) => tool.route)).toEqual(
      TOOL_PATHS.map((path) => `/tools/${path}`),
    );
  });

  it('translates display names and descriptions into the current language', () => {
    applyLanguage('de');
    const tools = listTools();
    expect(tools.map((tool) => tool.displayName)).toEqual([
      'Kanban-Board',
      'Issue-Verwaltung',
      'Pinnwand',
      'Diagramme',
      'Scrum Poker',
      'Daily-Zufallsauswahl',
    ]);
    expect(tools[0]?.description).not.toBe(listTools('en')[0]?.description);
    applyLanguage('en');
    expect(listTools()[2]?.displayName).toBe('Pinboard');
  });

  it('finds a tool by its content id', () => {
    expect(getTool('poker', 'en')).toMatchObject({
      displayName: 'Scrum Poker',
      route: '/tools/scrum-poker',
    });
    expect(getTool('ticket-system', 'de')?.displayName).toBe('Issue-Verwaltung');
    expect(getTool('chess')).toBeUndefined();
  });

  it('names the tool whose screen is at a route', () => {
    expect(toolNameAt('/tools/ticket')).toBe('ticket-system');
    expect(toolNameAt('/tools/scrum-poker')).toBe('poker');
    expect(toolNameAt('/tools/kanban')).toBe('kanban');
    expect(toolNameAt('/dashboard')).toBeUndefined();
  });
});
