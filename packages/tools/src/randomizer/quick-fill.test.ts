import { describe, expect, it } from 'vitest';

import { phaseIssueOptions, SAMPLE_TEAM_MEMBERS, teamMemberOptions } from './quick-fill.ts';

describe('teamMemberOptions (spec §8: usernames, then backlog team members, then a sample)', () => {
  it('uses the space’s usernames when they could be loaded', () => {
    expect(teamMemberOptions(['ada', 'max'], ['someone'])).toEqual({
      options: ['ada', 'max'],
      source: 'usernames',
    });
  });

  it('falls back to the backlog’s team members when the usernames failed or are empty', () => {
    expect(teamMemberOptions(null, ['Kim', 'Lee'])).toEqual({
      options: ['Kim', 'Lee'],
      source: 'backlog',
    });
    expect(teamMemberOptions([' ', ''], ['Kim'])).toEqual({ options: ['Kim'], source: 'backlog' });
  });

  it('falls back to the fixed five-name sample when neither is available', () => {
    expect(SAMPLE_TEAM_MEMBERS).toHaveLength(5);
    expect(teamMemberOptions(null, null)).toEqual({
      options: [...SAMPLE_TEAM_MEMBERS],
      source: 'sample',
    });
    expect(teamMemberOptions([], [])).toEqual({
      options: [...SAMPLE_TEAM_MEMBERS],
      source: 'sample',
    });
  });

  it('trims names and drops blanks and repeats, keeping the order', () => {
    expect(teamMemberOptions([' max ', 'ada', 'max', ''], null).options).toEqual(['max', 'ada']);
  });

  it('returns a fresh list the caller may change', () => {
    const { options } = teamMemberOptions(null, null);
    options.push('Zed');
    expect(SAMPLE_TEAM_MEMBERS).toHaveLength(5);
  });
});

describe('phaseIssueOptions (spec §2 "{phase name} issues", §8 samples)', () => {
  const samples = ['Sample issue 1', 'Sample issue 2'];

  it('lists the phase’s issue titles in order, trimmed, without blank titles', () => {
    expect(
      phaseIssueOptions([{ title: ' Login page ' }, { title: '' }, { title: 'Fix bug' }], samples),
    ).toEqual(['Login page', 'Fix bug']);
  });

  it('gives no option (no placeholder to pick) when the phase has no issues', () => {
    expect(phaseIssueOptions([], samples)).toEqual([]);
    expect(phaseIssueOptions([{ title: '  ' }], samples)).toEqual([]);
  });

  it('gives the sample list when the backlog could not be read', () => {
    expect(phaseIssueOptions(null, samples)).toEqual(['Sample issue 1', 'Sample issue 2']);
  });
});
