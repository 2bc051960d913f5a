import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { setLocale } from '../../paraglide/runtime.js';
import { TrackerNotifications } from './TrackerNotifications.tsx';

// The toggle only subscribes to remote operations once it is on; these tests never turn it on.
const tool = { onRemoteOperation: () => () => undefined };

function hintOf(toolName: 'kanban' | 'ticket-system'): string {
  render(<TrackerNotifications tool={tool} toolName={toolName} show={() => undefined} />);
  return screen.getByRole('button', { name: /^(Notify me|Benachrichtigen)$/ }).title;
}

afterEach(() => {
  void setLocale('en', { reload: false });
});

describe('the Notify me hint names everything that notifies, in the tool’s words', () => {
  it('speaks of cards and done columns on Kanban', () => {
    expect(hintOf('kanban')).toBe(
      'Get a browser notification when someone assigns you a card, moves one of your cards to a ' +
        'done column or mentions you in a comment (while this tab is in the background), and a ' +
        'daily reminder of your cards that are due today or overdue',
    );
  });

  it('speaks of issues and done phases on Issue Management', () => {
    expect(hintOf('ticket-system')).toBe(
      'Get a browser notification when someone assigns you an issue, moves one of your issues to ' +
        'a done phase or mentions you in a comment (while this tab is in the background), and a ' +
        'daily reminder of your issues that are due today or overdue',
    );
  });

  it('says the same in German', () => {
    void setLocale('de', { reload: false });
    const kanban = hintOf('kanban');
    expect(kanban).toMatch(/jemand eine Karte zuweist, eine Ihrer Karten in eine erledigte Spalte/);
    expect(kanban).toMatch(/in einem Kommentar erwähnt/);
    expect(kanban).toMatch(/tägliche Erinnerung an Ihre Karten, die heute fällig oder überfällig/);
    expect(kanban).not.toMatch(/Issue/);
  });

  it('says issues in German on Issue Management', () => {
    void setLocale('de', { reload: false });
    const ticket = hintOf('ticket-system');
    expect(ticket).toMatch(/jemand ein Issue zuweist, eines Ihrer Issues in eine erledigte Phase/);
    expect(ticket).toMatch(/in einem Kommentar erwähnt/);
    expect(ticket).toMatch(/Erinnerung an Ihre Issues, die heute fällig oder überfällig/);
  });
});
